/** Finding 10 of issue 13: password changes and resets sent no notice to the account's owner. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../testing/harness.ts';
import { captureLog } from '../../platform/log.fixtures.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(() => api.close());

const SUBJECT = 'Your MIBI password was changed';
const notices = async (email: string) =>
  (await api.platform.mailbox!.list({ to: email })).filter((mail) => mail.subject === SUBJECT);

describe('a notice to the owner', () => {
  it('follows a password change, saying what to do if it was not them', async () => {
    const client = await api.signUp();
    const email = client.user!.email;
    expect(await notices(email)).toEqual([]);
    expect(
      (await client.api.auth.password.$post({ json: { currentPassword: 'secret-pass', password: 'new-secret' } }))
        .status,
    ).toBe(200);
    const [notice, ...more] = await notices(email);
    expect(more).toEqual([]);
    expect(notice!.text).toContain(`The password of your MIBI account (${email}) was changed on`);
    expect(notice!.text).toContain(
      'If it was not you, someone else may have your password: reset it now at https://shop.example.in/forgot-password',
    );
    expect(notice!.key).toMatch(new RegExp(`^password-changed:${client.user!.id}:\\d+$`));
  });

  it('follows a password reset', async () => {
    const { user } = await api.signUp();
    expect((await api.anonymous().api.auth['forgot-password'].$post({ json: { email: user!.email } })).status).toBe(
      202,
    );
    await api.ctx.afterwards.settled();
    const [mail] = await api.platform.mailbox!.list({ to: user!.email, limit: 1 });
    const token = new URL(/(\S+\/reset-password\?token=\S+)/.exec(mail!.text)![1]!).searchParams.get('token')!;
    expect(
      (await api.anonymous().api.auth['reset-password'].$post({ json: { token, password: 'new-secret' } })).status,
    ).toBe(200);
    expect(await notices(user!.email)).toHaveLength(1);
  });

  it('is keyed by the change, so sending it again leaves one message', async () => {
    const client = await api.signUp();
    expect(
      (await client.api.auth.password.$post({ json: { currentPassword: 'secret-pass', password: 'new-secret' } }))
        .status,
    ).toBe(200);
    const [notice] = await notices(client.user!.email);
    await api.platform.mail.send({ to: notice!.to, subject: notice!.subject, text: notice!.text, key: notice!.key! });
    expect(await notices(client.user!.email)).toHaveLength(1);
  });

  it('that fails to send does not fail the change, which is made', async () => {
    const client = await api.signUp();
    const send = vi.spyOn(api.platform.mail, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const logged = captureLog('error');
    try {
      expect(
        (await client.api.auth.password.$post({ json: { currentPassword: 'secret-pass', password: 'new-secret' } }))
          .status,
      ).toBe(200);
      expect(logged.lines).toEqual([
        expect.objectContaining({
          msg: expect.stringContaining(SUBJECT),
          err: expect.objectContaining({ message: 'SMTP down' }),
        }),
      ]);
    } finally {
      send.mockRestore();
      logged.restore();
    }
    expect(
      (await api.anonymous().api.auth.signin.$post({ json: { email: client.user!.email, password: 'new-secret' } }))
        .status,
    ).toBe(200);
  });
});
