import type { z } from 'zod';
import { GatewayRefusal, GatewayUnavailable } from './port.ts';
import { wireError } from './wire.ts';

export interface RestClientOptions {
  /** https://api.razorpay.com, or the test gateway's address (asked at each call when a function). */
  baseUrl: string | (() => string);
  keyId: string;
  keySecret: string;
  /** How long one request may take before it counts as the provider being unavailable. */
  timeoutMs?: number;
}

/**
 * Razorpay's REST API as JSON over fetch with HTTP Basic auth: a 4xx is the provider's refusal,
 * anything else that is not a 2xx (network, timeout, 5xx, a body of the wrong shape) means
 * "try again later".
 */
export class RestClient {
  private readonly base: () => string;
  private readonly auth: string;
  private readonly timeoutMs: number;

  constructor(options: RestClientOptions) {
    const { baseUrl } = options;
    this.base = typeof baseUrl === 'string' ? () => baseUrl : baseUrl;
    this.auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    shape: S,
    body?: Record<string, unknown>,
  ): Promise<z.output<S>> {
    const base = this.base().replace(/\/+$/, '');
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: this.auth,
          accept: 'application/json',
          ...(body && { 'content-type': 'application/json' }),
        },
        ...(body && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new GatewayUnavailable(`${method} ${path}: ${(error as Error).message}`, { cause: error });
    }
    if (response.status >= 400 && response.status < 500) {
      const refusal = wireError.safeParse(parseJson(text));
      if (refusal.success) {
        const { code, description } = refusal.data.error;
        throw new GatewayRefusal(response.status, code, description);
      }
      throw new GatewayRefusal(response.status, 'BAD_REQUEST_ERROR', text.slice(0, 200));
    }
    if (!response.ok) throw new GatewayUnavailable(`${method} ${path}: HTTP ${response.status}`);
    const parsed = shape.safeParse(parseJson(text));
    if (!parsed.success) {
      throw new GatewayUnavailable(`${method} ${path}: unexpected answer (${parsed.error.issues[0]?.message})`);
    }
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
