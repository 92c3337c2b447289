/**
 * Drives the app in-process through `app.request`, keeping the session cookie like a
 * browser would: used by the tests and by the demo seed (which goes through the same
 * routes as a real user, so the demo data obeys every rule).
 */
export interface Reply<T = any> {
  status: number;
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

export class LocalClient {
  constructor(
    private readonly app: Fetcher,
    public cookie: string | null = null,
  ) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { origin: LOCAL_ORIGIN, ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.json === 'string' ? options.json : JSON.stringify(options.json);
    }
    const response = await this.app.request(`${LOCAL_ORIGIN}${path}`, { method, headers, body });
    const setCookie = response.headers.get('set-cookie');
    // The session cookie under either of its names (`__Host-` over TLS).
    const session = setCookie && /^((?:__Host-)?mibi_session)=([^;]*)/.exec(setCookie);
    if (session) this.cookie = session[2] ? `${session[1]}=${session[2]}` : null;
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
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
