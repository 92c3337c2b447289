import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { ORIGIN, type TestApi, startTestApi } from '../testing.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

it('lets an admin read the development mailbox, newest first, by recipient in any case', async () => {
  const { user } = await api.signUp({ email: `Mail.Reader.${Date.now()}@example.com` });
  const email = user!.email;
  await api.platform.mail.send({ to: 'someone-else@example.com', subject: 'Other', text: 'not for them' });
  for (let i = 0; i < 2; i++) await api.anonymous().post('/api/auth/forgot-password', { email });

  const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
  const reply = await admin.get(`/api/dev/mail?to=${encodeURIComponent(email.toLowerCase())}`);
  expect(reply.status).toBe(200);
  const { messages } = reply.body;
  expect(messages).toHaveLength(2);
  expect(messages[0]).toEqual({
    id: expect.any(String),
    from: 'MIBI <no-reply@mibi.local>',
    to: email,
    subject: 'Reset your MIBI password',
    text: expect.stringContaining(`${ORIGIN}/reset-password?token=${user!.id}.`),
    sentAt: expect.any(String),
  });
  expect(messages[0].sentAt > messages[1].sentAt).toBe(true);
  expect((await admin.get('/api/dev/mail')).body.messages).toHaveLength(3);
});

it('is closed to the signed-out and to non-admins: it holds reset links', async () => {
  const signedOut = await api.anonymous().get('/api/dev/mail');
  expect(signedOut.status).toBe(401);
  expect(signedOut.body.error.code).toBe('unauthorized');
  const buyer = await api.signUp();
  const forbidden = await buyer.get('/api/dev/mail');
  expect(forbidden.status).toBe(403);
  expect(forbidden.body.error.code).toBe('forbidden');
});

it('is not mounted when mail goes out over SMTP', async () => {
  const app = createApp({ ...api.ctx, platform: { ...api.ctx.platform, mailbox: undefined } });
  const reply = await app.request(`${ORIGIN}/api/dev/mail`);
  expect(reply.status).toBe(404);
});
