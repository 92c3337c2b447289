import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShiftableClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config/config.ts';
import { checkDeployment } from '../../platform/config/deployment.ts';
import { createApp } from '../app.ts';
import { ORIGIN, type TestApi, startTestApi } from '../testing/harness.ts';

describe('with DEV_ROUTES=true', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ DEV_ROUTES: 'true' });
  });
  afterAll(() => api.close());

  it('lets an admin read the development mailbox, newest first, by recipient in any case', async () => {
    const { user } = await api.signUp({ email: `Mail.Reader.${Date.now()}@example.com` });
    const email = user!.email;
    await api.platform.mail.send({ to: 'someone-else@example.com', subject: 'Other', text: 'not for them' });
    for (let i = 0; i < 2; i++) await api.anonymous().api.auth['forgot-password'].$post({ json: { email } });
    await api.ctx.afterwards.settled();

    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    const reply = await admin.raw.get(`/api/dev/mail?to=${encodeURIComponent(email.toLowerCase())}`);
    expect(reply.status).toBe(200);
    expect(reply.body.messages.every((m: { to: string }) => m.to === email)).toBe(true);
    const messages = reply.body.messages.filter((m: { subject: string }) => m.subject === 'Reset your MIBI password');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      from: 'MIBI <no-reply@mibi.local>',
      to: email,
      subject: 'Reset your MIBI password',
      text: expect.stringContaining('http://localhost:3000/reset-password?token=[hidden]'),
      sentAt: expect.any(String),
    });
    expect(messages[0].sentAt > messages[1].sentAt).toBe(true);
    const all = (await admin.raw.get('/api/dev/mail')).body.messages.map((m: { to: string }) => m.to);
    expect(all).toContain('someone-else@example.com');
    expect(all).toContain(email);
  });

  it('never shows the secret of a link, which would let an admin take over the account', async () => {
    const { user } = await api.signUp();
    await api.anonymous().api.auth['forgot-password'].$post({ json: { email: user!.email } });
    await api.ctx.afterwards.settled();
    const [stored] = await api.platform.mailbox!.list({ to: user!.email, limit: 1 });
    const token = new URL(/(\S+\/reset-password\?\S+)/.exec(stored!.text)![1]!).searchParams.get('token')!;
    await api.platform.mail.send({
      to: user!.email,
      subject: 'Verify',
      text: `Open http://localhost:3000/verify-email?token=${token}&next=/ now`,
      html: `<a href="http://localhost:3000/verify-email?token=${token}">verify</a>`,
    });

    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    const { messages } = (await admin.raw.get(`/api/dev/mail?to=${encodeURIComponent(user!.email)}`)).body;
    expect(messages.length).toBeGreaterThanOrEqual(2);
    // No secret of any link in any message (reset, sign-up verification, ...) is shown.
    const listed = JSON.stringify(messages);
    for (const mail of await api.platform.mailbox!.list({ to: user!.email })) {
      for (const secret of mail.text.matchAll(/[?&]token=([^&\s]+)/g)) expect(listed).not.toContain(secret[1]);
    }
    expect(listed).not.toContain(token.split('.')[1]);
    expect(messages[0].text).toBe('Open http://localhost:3000/verify-email?token=[hidden]&next=/ now');
    expect(messages[0].html).toBe('<a href="http://localhost:3000/verify-email?token=[hidden]">verify</a>');
  });

  it('is closed to the signed-out and to non-admins', async () => {
    const signedOut = await api.anonymous().raw.get('/api/dev/mail');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe('unauthorized');
    const buyer = await api.signUp();
    const forbidden = await buyer.raw.get('/api/dev/mail');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
  });

  describe("the development server's clock", () => {
    const moveClock = (app: ReturnType<typeof createApp>, cookie: string, body: unknown) =>
      app.request(`${ORIGIN}/api/dev/clock`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('moves forward for an admin, on the clock every thread shares', async () => {
      const clock = new ShiftableClock();
      const app = createApp({ ...api.ctx, devClock: clock });
      const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
      const reply = await moveClock(app, admin.cookie!, { advanceMinutes: 31 });
      expect(reply.status).toBe(200);
      const moved = await reply.json();
      expect(moved.shiftMinutes).toBe(31);
      expect(Date.parse(moved.now) - Date.now()).toBeGreaterThan(30 * 60_000);
      expect(clock.shiftMs()).toBe(31 * 60_000);
    });

    it('refuses anything but a whole number of minutes forward, and non-admins', async () => {
      const clock = new ShiftableClock();
      const app = createApp({ ...api.ctx, devClock: clock });
      const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
      for (const [body, message] of [
        [{ advanceMinutes: -5 }, 'Move the clock forward by at least a minute'],
        [{ advanceMinutes: 1.5 }, 'Give a whole number of minutes'],
        [{ advanceMinutes: '10' }, 'Give the minutes to move the clock forward'],
        [{ advanceMinutes: 10_000_000 }, 'Move the clock by at most a year at a time'],
      ] as const) {
        const reply = await moveClock(app, admin.cookie!, body);
        expect(reply.status).toBe(400);
        expect((await reply.json()).error.message).toBe(message);
      }
      const buyer = await api.signUp();
      expect((await moveClock(app, buyer.cookie!, { advanceMinutes: 5 })).status).toBe(403);
      expect(clock.shiftMs()).toBe(0);
    });

    it("answers 409 on a server whose clock is fixed (the tests')", async () => {
      const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
      const reply = await admin.raw.post('/api/dev/clock', { advanceMinutes: 5 });
      expect(reply.status).toBe(409);
      expect(reply.body.error).toMatchObject({ code: 'clock_fixed', message: "This server's clock cannot be moved" });
    });
  });

  it('is not mounted when mail goes out over SMTP', async () => {
    const app = createApp({ ...api.ctx, platform: { ...api.ctx.platform, mailbox: undefined } });
    const reply = await app.request(`${ORIGIN}/api/dev/mail`);
    expect(reply.status).toBe(404);
  });

  it('is not mounted with NODE_ENV=production, which refuses DEV_ROUTES at start', async () => {
    const app = createApp({ ...api.ctx, config: { ...api.ctx.config, NODE_ENV: 'production' } });
    expect((await app.request(`${ORIGIN}/api/dev/mail`)).status).toBe(404);
    expect(() => checkDeployment(loadConfig({ DEV_ROUTES: 'true', NODE_ENV: 'production' }))).toThrow(
      /^Invalid configuration: DEV_ROUTES must not be on with NODE_ENV=production/,
    );
    expect(checkDeployment(loadConfig({ DEV_ROUTES: 'true', NODE_ENV: 'development' }))).toEqual([]);
  });
});

it('is not mounted without DEV_ROUTES, even with the development mailbox', async () => {
  const api = await startTestApi();
  try {
    expect(api.platform.mailbox).toBeDefined();
    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    const reply = await admin.raw.get('/api/dev/mail');
    expect(reply.status).toBe(404);
    const document = await api.anonymous().raw.get('/api/openapi.json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).not.toContain('/api/dev/mail');
  } finally {
    await api.close();
  }
});
