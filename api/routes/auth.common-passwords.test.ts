/** Issue 13: common passwords are refused wherever a password is chosen; the minimum of 6 characters stays. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, expectStatus, startTestApi, type TestApi } from '../testing/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const TOO_COMMON = {
  code: 'password_too_common',
  message: 'This password is too common. Choose another.',
  fields: { password: 'This password is too common. Choose another.' },
};

describe('a common password', () => {
  it('is refused at sign-up, in any case, storing nothing', async () => {
    for (const password of ['password', 'Password1', 'qwerty123', 'iloveyou']) {
      const before = await api.platform.events.lastPosition();
      const reply = await api.anonymous().api.auth.signup.$post({
        json: { fullName: 'Asha', email: `asha.${crypto.randomUUID()}@example.com`, password },
      });
      expectStatus(reply, 400);
      expect(reply.body.error).toEqual(TOO_COMMON);
      expect(await api.platform.events.lastPosition()).toBe(before);
    }
  });

  it('is refused as a new password, after the current one is checked', async () => {
    const client = await api.signUp();
    const reply = await client.api.auth.password.$post({
      json: { currentPassword: 'secret-pass', password: 'letmein1' },
    });
    expectStatus(reply, 400);
    expect(reply.body.error).toEqual(TOO_COMMON);
    // A wrong current password is still what a guesser is told first.
    expect(
      errorOf(await client.api.auth.password.$post({ json: { currentPassword: 'wrong-pass', password: 'letmein1' } }))
        .code,
    ).toBe('wrong_password');
  });

  it('is refused by a reset, which leaves its link usable', async () => {
    const { user } = await api.signUp();
    await api.anonymous().api.auth['forgot-password'].$post({ json: { email: user!.email } });
    await api.ctx.afterwards.settled();
    const [mail] = await api.platform.mailbox!.list({ to: user!.email, limit: 1 });
    const token = new URL(/(\S+\/reset-password\?token=\S+)/.exec(mail!.text)![1]!).searchParams.get('token')!;
    const refused = await api.anonymous().api.auth['reset-password'].$post({ json: { token, password: '123456789' } });
    expectStatus(refused, 400);
    expect(refused.body.error).toEqual(TOO_COMMON);
    expect(
      (await api.anonymous().api.auth['reset-password'].$post({ json: { token, password: 'chai-masala-42' } })).status,
    ).toBe(200);
  });

  it('leaves the minimum of 6 characters as it was, and uncommon passwords alone', async () => {
    const short = await api.anonymous().api.auth.signup.$post({
      json: {
        fullName: 'Asha',
        email: `asha.${crypto.randomUUID()}@example.com`,
        password: 'ab3de',
      },
    });
    expectStatus(short, 400);
    expect(short.body.error.fields).toEqual({ password: 'Password must be at least 6 characters long!' });
    const fine = await api.anonymous().api.auth.signup.$post({
      json: {
        fullName: 'Asha',
        email: `asha.${crypto.randomUUID()}@example.com`,
        password: 'chai-masala-42',
      },
    });
    expectStatus(fine, 201);
  });
});
