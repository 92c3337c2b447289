/**
 * Drives the app in-process through `app.request`, keeping the session cookie like a
 * browser would: used by the tests and by the demo seed (which goes through the same
 * routes as a real user, so the demo data obeys every rule).
 */
export interface Reply<T = any, S extends number = number> {
  status: S;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** Sent as JSON; a string is sent as is (for malformed bodies). */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

interface Fetcher {
  request(input: string, init: RequestInit): Response | Promise<Response>;
}

export const LOCAL_ORIGIN = 'http://127.0.0.1';

/** What is wrong with an answer, or null: the harness holds its app's answers to the OpenAPI document. */
type AnswerCheck = (method: string, url: string, response: Response) => Promise<string | null>;
const answerChecks = new WeakMap<Fetcher, AnswerCheck>();

/** Every client of `app` fails the request whose answer `check` finds wrong. */
export function checkAnswers(app: Fetcher, check: AnswerCheck): void {
  answerChecks.set(app, check);
}

/** The answer with its body parsed: JSON when it is JSON, else the text. */
export async function replyOf(response: Response): Promise<Reply> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export class LocalClient {
  constructor(
    private readonly app: Fetcher,
    public cookie: string | null = null,
  ) {}

  /** Sends a request to `url` on the app's origin as the browser would: with Origin and the session cookie, keeping the cookie it is given. */
  readonly send = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', LOCAL_ORIGIN);
    if (this.cookie) headers.set('cookie', this.cookie);
    const response = await this.app.request(url, { ...init, headers });
    const wrong = await answerChecks.get(this.app)?.((init.method ?? 'GET').toUpperCase(), url, response);
    if (wrong) throw new Error(`The answer disagrees with the OpenAPI document: ${wrong}`);
    const setCookie = response.headers.get('set-cookie');
    // The session cookie under either of its names (`__Host-` over TLS).
    const session = setCookie && /^((?:__Host-)?mibi_session)=([^;]*)/.exec(setCookie);
    if (session) this.cookie = session[2] ? `${session[1]}=${session[2]}` : null;
    return response;
  };

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const headers = new Headers(options.headers);
    let body = options.body;
    if (options.json !== undefined) {
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      body = typeof options.json === 'string' ? options.json : JSON.stringify(options.json);
    }
    return replyOf(await this.send(`${LOCAL_ORIGIN}${path}`, { method, headers, body }));
  }

  get = <T = any>(path: string, options?: RequestOptions) => this.request<T>('GET', path, options);
  post = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>('POST', path, { ...options, json: json ?? {} });
  put = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>('PUT', path, { ...options, json: json ?? {} });
  patch = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>('PATCH', path, { ...options, json: json ?? {} });
  delete = <T = any>(path: string, options?: RequestOptions) => this.request<T>('DELETE', path, options);
}
