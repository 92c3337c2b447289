/** A typed fetch client for the JSON API under /api. Paths are given without the prefix: `api.get('/categories')`. */

/** Any failed call: the API's `{ error: { code, message, fields? } }`, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Message per invalid field, keyed like the request body ('shippingAddress.pincode'). */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

type Body = object | FormData;

async function request<T>(method: string, path: string, body?: Body, headers: Record<string, string> = {}): Promise<T> {
  // FormData sets its own multipart content type; everything else is JSON.
  const json = body !== undefined && !(body instanceof FormData);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: json ? { 'content-type': 'application/json', ...headers } : headers,
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach MIBI. Check your connection and try again.');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as ErrorBody | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'http_error', error?.message ?? `Request failed (${response.status})`, error?.fields);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: Body, headers?: Record<string, string>) => request<T>('POST', path, body, headers),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** '?a=1&b=x': the values given, in their order, empty ones left out; '' when none is left. */
export function queryOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
