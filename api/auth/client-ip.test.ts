import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.ts';

/** The client address an app behind `hops` proxies sees for a request with this X-Forwarded-For. */
async function seen(hops: number, forwardedFor?: string): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, hops)));
  const response = await app.request('/', {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return response.text();
}

describe('clientIp', () => {
  it('takes the n-th address from the right of X-Forwarded-For behind n trusted proxies', async () => {
    expect(await seen(1, '203.0.113.7')).toBe('203.0.113.7');
    // Whatever the client wrote itself lies further left.
    expect(await seen(1, '198.51.100.1, 10.0.0.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seen(2, '198.51.100.1, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    expect(await seen(2, '198.51.100.1,203.0.113.7 ,10.0.0.2')).toBe('203.0.113.7');
  });

  it('reads addresses as proxies write them: with a port, IPv6 in brackets, IPv4 mapped to IPv6', async () => {
    expect(await seen(1, '203.0.113.7:51234')).toBe('203.0.113.7');
    expect(await seen(1, '[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(await seen(1, '[2001:db8::1]')).toBe('2001:db8::1');
    expect(await seen(1, '2001:db8::1')).toBe('2001:db8::1');
    expect(await seen(1, '::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('falls back to the socket address for a missing, too short or garbled header', async () => {
    // app.request has no socket: its address is 'unknown'.
    expect(await seen(1)).toBe('unknown');
    expect(await seen(1, '')).toBe('unknown');
    expect(await seen(2, '203.0.113.7')).toBe('unknown');
    expect(await seen(1, 'unknown')).toBe('unknown');
    expect(await seen(1, '_hidden')).toBe('unknown');
    expect(await seen(1, '203.0.113.7, ')).toBe('unknown');
    expect(await seen(1, '999.1.1.1')).toBe('unknown');
    expect(await seen(1, "1.2.3.4'; DROP TABLE")).toBe('unknown');
    expect(await seen(1, 'x'.repeat(10_000))).toBe('unknown');
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await seen(0, '203.0.113.7')).toBe('unknown');
  });

  it('uses the socket address over a real connection', async () => {
    const app = new Hono().get('/', (c) => c.text(`${clientIp(c, 0)} ${clientIp(c, 2)} ${clientIp(c, 1)}`));
    const server: ServerType = await new Promise((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(await response.text()).toBe('127.0.0.1 127.0.0.1 203.0.113.7');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
