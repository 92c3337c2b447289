import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from './app.ts';
import { LOCAL_ORIGIN } from './testing/local-client.ts';
import { type TestApi, startTestApi } from './testing/harness.ts';

/** One POST over a real socket, its body sent whole (Content-Length) or in chunks (Transfer-Encoding: chunked). */
function post(
  port: number,
  path: string,
  body: string,
  framing: 'length' | 'chunked',
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const headers = {
      'content-type': 'application/json',
      origin: LOCAL_ORIGIN,
      ...(framing === 'length' && { 'content-length': Buffer.byteLength(body) }),
    };
    const sent = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    sent.on('error', reject);
    if (framing === 'chunked')
      for (let at = 0; at < body.length; at += 16 * 1024) sent.write(body.slice(at, at + 16 * 1024));
    else sent.write(body);
    sent.end();
  });
}

describe('JSON bodies over HTTP', () => {
  let api: TestApi;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    api = await startTestApi();
    server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((listening) => server.once('listening', listening));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
    await api.close();
  });

  const signIn = (padding: number) =>
    JSON.stringify({ email: 'nobody@mibi.test', password: 'not-the-password', padding: 'x'.repeat(padding) });

  it.each(['length', 'chunked'] as const)(
    'with %s framing: one over the limit is refused with 413, one within it reaches its route',
    async (framing) => {
      const over = await post(port, '/api/auth/signin', signIn(JSON_BODY_LIMIT), framing);
      expect(over).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
      // Read and judged by the route: a sign-in with a wrong password.
      const within = await post(port, '/api/auth/signin', signIn(1000), framing);
      expect(within.status).toBe(401);
    },
  );
});
