import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { checkDeployment } from '../../platform/config/deployment.ts';
import { linkTo, publicBaseUrl, redactLinkSecrets } from '../../platform/config/links.ts';
import { type TestApi, startTestApi } from '../testing/harness.ts';

/** The links in the newest mail to `email`. */
async function mailedLinks(api: TestApi, email: string): Promise<string[]> {
  // The reset link is mailed after the answer.
  await api.ctx.afterwards.settled();
  const [mail] = await api.platform.mailbox!.list({ to: email, limit: 1 });
  return mail!.text.match(/https?:\/\/\S+/g) ?? [];
}

describe('links in e-mails', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("never point at the request's Host, Origin or forwarded host", async () => {
    const { user } = await api.signUp();
    const reply = await api.anonymous().api.auth['forgot-password'].$post(
      { json: { email: user!.email } },
      {
        headers: {
          host: 'evil.example',
          origin: 'http://evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
      },
    );
    expect(reply.status).toBe(202);
    const links = await mailedLinks(api, user!.email);
    expect(links).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/reset-password\?token=/)]);
    expect(links.join(' ')).not.toContain('evil.example');
  });

  it('never point at the Host of a request served over a socket, as `npm start` serves it', async () => {
    const { user } = await api.signUp();
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const body = JSON.stringify({ email: user!.email });
      const status = await new Promise<number>((resolve, reject) => {
        const sent = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/auth/forgot-password',
            headers: { host: 'evil.example', 'content-type': 'application/json' },
          },
          (res) => resolve(res.resume().statusCode!),
        );
        sent.on('error', reject);
        sent.end(body);
      });
      expect(status).toBe(202);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
    const links = await mailedLinks(api, user!.email);
    expect(links).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/reset-password\?token=/)]);
    expect(links.join(' ')).not.toContain('evil.example');
  });

  it('point at PUBLIC_URL when set, whatever the request says', async () => {
    const hosted = await startTestApi({ PUBLIC_URL: 'https://mibi.example/shop/' });
    try {
      const { user } = await hosted.signUp();
      await hosted
        .anonymous()
        .api.auth['forgot-password'].$post({ json: { email: user!.email } }, { headers: { host: 'evil.example' } });
      expect(await mailedLinks(hosted, user!.email)).toEqual([
        expect.stringMatching(/^https:\/\/mibi\.example\/shop\/reset-password\?token=/),
      ]);
    } finally {
      await hosted.close();
    }
  });
});

describe('publicBaseUrl and linkTo', () => {
  it('take PUBLIC_URL, else this machine on PORT', () => {
    expect(publicBaseUrl(loadConfig({ PUBLIC_URL: 'https://mibi.example/' }))).toBe('https://mibi.example');
    expect(publicBaseUrl(loadConfig({ PORT: '8080' }))).toBe('http://localhost:8080');
    expect(publicBaseUrl(loadConfig({ HOST: '::1' }))).toBe('http://localhost:3000');
    expect(linkTo(loadConfig({ PUBLIC_URL: 'https://x.in/m' }), 'verify-email', { token: 'a.b+c' })).toBe(
      'https://x.in/m/verify-email?token=a.b%2Bc',
    );
    expect(linkTo(loadConfig({}), '/orders')).toBe('http://localhost:3000/orders');
  });

  it('hide the secrets of links for the development mailbox', () => {
    expect(redactLinkSecrets('go to https://x.in/reset-password?token=u1.s3cr3t now')).toBe(
      'go to https://x.in/reset-password?token=[hidden] now',
    );
    expect(redactLinkSecrets('<a href="https://x.in/v?a=1&token=abc">')).toBe(
      '<a href="https://x.in/v?a=1&token=[hidden]">',
    );
    expect(redactLinkSecrets('<a href="https://x.in/v?a=1&amp;token=abc">')).toBe(
      '<a href="https://x.in/v?a=1&amp;token=[hidden]">',
    );
  });
});

describe('a server that mails out', () => {
  it('refuses to start on a public HOST without PUBLIC_URL, naming it', async () => {
    const env = { HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.example:25', DEMO_DATA: 'false' };
    expect(() => checkDeployment(loadConfig(env))).toThrow(
      /^Invalid configuration: PUBLIC_URL must be set when SMTP_URL is set and HOST \(0\.0\.0\.0\) is not loopback/,
    );
    // The process entry applies it before anything opens (api/roles/start.test.ts starts one and sees it refuse).
    expect(checkDeployment(loadConfig({ ...env, PUBLIC_URL: 'https://mibi.example' }))).toEqual([]);
  });

  it('starts on loopback without PUBLIC_URL, and on any HOST while mail stays in the development mailbox', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1']) {
      expect(checkDeployment(loadConfig({ HOST, SMTP_URL: 'smtp://mail.example:25' }))).toEqual([]);
    }
    expect(checkDeployment(loadConfig({ HOST: '0.0.0.0' }))).toEqual([]);
  });

  it('refuses a PUBLIC_URL that is not http or https', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/^Invalid configuration: PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://mibi.example' })).toThrow(/^Invalid configuration: PUBLIC_URL/);
  });
});
