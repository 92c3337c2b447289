import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { clientIp, forwardedProtoOf, trustedHops } from './client-ip.ts';

/** The client address an app behind `hops` proxies sees for a request with this X-Forwarded-For. */
async function seen(hops: number, forwardedFor?: string): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, { TRUST_PROXY: hops })));
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
    const app = new Hono().get('/', (c) =>
      c.text(
        `${clientIp(c, { TRUST_PROXY: 0 })} ${clientIp(c, { TRUST_PROXY: 2 })} ${clientIp(c, { TRUST_PROXY: 1 })}`,
      ),
    );
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

/** The client address and the trusted hops an app with TRUSTED_PROXIES=`proxies` sees, over a socket from 127.0.0.1. */
async function seenThrough(proxies: string, forwardedFor: string, forwardedProto = 'https') {
  const config = loadConfig({ TRUSTED_PROXIES: proxies });
  const app = new Hono().get('/', (c) =>
    c.json({
      client: clientIp(c, config),
      proto: forwardedProtoOf(c.req.header('x-forwarded-proto'), trustedHops(config, '127.0.0.1', forwardedFor)),
    }),
  );
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const headers = { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': forwardedProto };
    return await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('TRUSTED_PROXIES', () => {
  it('ignores X-Forwarded-For (and -Proto) from a client that reaches the server directly', async () => {
    expect(await seenThrough('10.0.0.0/8', '203.0.113.7')).toEqual({ client: '127.0.0.1', proto: undefined });
  });

  it('takes the rightmost address that is not a trusted proxy', async () => {
    expect(await seenThrough('127.0.0.1', '198.51.100.1, 203.0.113.7')).toEqual({
      client: '203.0.113.7',
      proto: 'https',
    });
    // Through two proxies (one in a range), whatever the client wrote on the left proves nothing.
    expect(await seenThrough('127.0.0.1, 10.0.0.0/8', '198.51.100.1, 203.0.113.7, 10.1.2.3:443')).toEqual({
      client: '203.0.113.7',
      proto: 'https',
    });
    expect(await seenThrough('::1, 127.0.0.0/8, fd00::/8', '[2001:db8::1]:443, [fd00::5]')).toMatchObject({
      client: '2001:db8::1',
    });
    // Every address a trusted proxy's: the leftmost is the closest to a client there is.
    expect(await seenThrough('127.0.0.1, 10.0.0.0/8', '10.0.0.9, 10.0.0.1')).toMatchObject({ client: '10.0.0.9' });
    // A garbled entry where the client should be: the proxy's own address, never the garbage.
    expect(await seenThrough('127.0.0.1', '203.0.113.7, _hidden')).toMatchObject({ client: '127.0.0.1' });
  });

  it('is a list of addresses and CIDR ranges, and replaces TRUST_PROXY', () => {
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8,127.0.0.1 , ::1,fd00::/8' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0.1,', '::1/129', '10.0.0.0/8/1'])
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(/^Invalid configuration: TRUSTED_PROXIES must be IP/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.1', TRUST_PROXY: '1' })).toThrow(
      'Invalid configuration: TRUST_PROXY must not be set with TRUSTED_PROXIES (which replaces it)',
    );
  });
});
