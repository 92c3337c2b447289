/** Finding 10 of issue 13: "please check your email to verify" was shown, but nothing was mailed or verified. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { SECURE_SESSION_COOKIE } from '../auth/middleware.ts';
import { Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(() => api.close());

const SAREE = {
  name: 'Banarasi Saree',
  description: 'Handwoven silk.',
  pricePaise: 1_000_00,
  stockQuantity: 2,
  categoryId: 'textiles',
  tags: [],
};
const VERIFY_FIRST = 'Verify your e-mail address before listing products';

/** The verification mails to an address, newest first, with the token of each link. */
async function verificationMails(email: string) {
  const mails = (await api.platform.mailbox!.list({ to: email })).filter(
    (mail) => mail.subject === 'Verify your MIBI e-mail address',
  );
  return mails.map((mail) => ({
    ...mail,
    token: decodeURIComponent(/\/verify-email\?token=(\S+)/.exec(mail.text)![1]!),
  }));
}

const me = async (client: Client) => ok(await client.api.auth.me.$get()).user;

describe('signing up', () => {
  it('mails a link to /verify-email on PUBLIC_URL, records only its hash, and leaves the address unverified', async () => {
    const seller = await api.signUp({ role: 'seller', verified: false });
    expect(seller.user).toMatchObject({ emailVerified: false });
    expect(await me(seller)).toMatchObject({ emailVerified: false });
    const [mail, ...others] = await verificationMails(seller.user!.email);
    expect(others).toEqual([]);
    expect(mail!.text).toContain(`https://shop.example.in/verify-email?token=`);
    expect(mail!.text).toContain('expires in 48 hours');
    const events = await api.platform.events.readStream(accountStream(seller.user!.id));
    expect(events.map((e) => e.type)).toEqual(['AccountRegistered', 'EmailVerificationRequested']);
    expect(events[0]!.data).toMatchObject({ emailVerified: false });
    expect(JSON.stringify(events)).not.toContain(mail!.token);
  });

  it('keeps the language of a sign-up in Hindi as its owner’s choice, and mails the link in it', async () => {
    const email = `asha-${Date.now()}@mibi.test`;
    const json = { fullName: 'Asha Rao', email, password: 'secret-pass', role: 'buyer' };
    const visitor = api.anonymous();
    expectStatus(await visitor.raw.post('/api/auth/signup', json, { headers: { 'accept-language': 'hi' } }), 201);
    expect(ok(await visitor.api.auth.language.$get())).toMatchObject({ locale: 'hi' });
    const [mail, ...others] = await api.platform.mailbox!.list({ to: email });
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('अपना MIBI ईमेल पता सत्यापित करें');
    expect(mail!.text).toContain('https://shop.example.in/verify-email?token=');

    // In English (the SPA sends the language it shows; a client may send none) nothing is chosen for the owner.
    const other = api.anonymous();
    const english = { ...json, email: `kavya-${Date.now()}@mibi.test` };
    expectStatus(await other.raw.post('/api/auth/signup', english, { headers: { 'accept-language': 'en' } }), 201);
    expect(ok(await other.api.auth.language.$get())).toMatchObject({ locale: null });
    expect((await verificationMails(english.email)).length).toBe(1);
  });

  it('verifies the address with the link, from any browser, once', async () => {
    const seller = await api.signUp({ role: 'seller', verified: false });
    const { token } = (await verificationMails(seller.user!.email))[0]!;
    const reply = await api.anonymous().api.auth['verify-email'].$post({ json: { token } });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({
      ok: true,
      message: 'Your e-mail address is verified. Thank you!',
      position: expect.any(Number),
    });
    expect(await me(seller)).toMatchObject({ emailVerified: true });
    // The same link again changes nothing (a second click, a mail scanner); a made-up one is refused.
    const appended = await api.platform.events.lastPosition();
    expect((await api.anonymous().api.auth['verify-email'].$post({ json: { token } })).status).toBe(200);
    expect(await api.platform.events.lastPosition()).toBe(appended);
    const forged = await api
      .anonymous()
      .api.auth['verify-email'].$post({ json: { token: `${seller.user!.id}.forged` } });
    expectStatus(forged, 400);
    expect(forged.body.error.code).toBe('invalid_token');
  });

  it('refuses tokens that are not links of ours with one clear 400', async () => {
    for (const token of ['', 'no-dot', 'unknown-user.secret', 'x'.repeat(201)]) {
      const reply = await api.anonymous().api.auth['verify-email'].$post({ json: { token } });
      expectStatus(reply, 400);
      expect(reply.body.error.message).toBe(
        'This verification link is invalid or has expired. Sign in and ask for a new one.',
      );
    }
    expect((await api.anonymous().raw.post('/api/auth/verify-email', {})).status).toBe(400);
  });
});

describe('an unverified seller', () => {
  it('cannot list products until the address is verified', async () => {
    const seller = await api.signUp({ role: 'seller', verified: false });
    const refused = await seller.api.seller.products.$post({ json: SAREE });
    expectStatus(refused, 403);
    expect(refused.body.error).toEqual({ code: 'email_unverified', message: VERIFY_FIRST });
    const { token } = (await verificationMails(seller.user!.email))[0]!;
    expect((await api.anonymous().api.auth['verify-email'].$post({ json: { token } })).status).toBe(200);
    expect((await seller.api.seller.products.$post({ json: SAREE })).status).toBe(201);
  });

  it('registered before verification existed counts as verified', async () => {
    // An AccountRegistered of the old shape: no emailVerified.
    const userId = crypto.randomUUID();
    const data = {
      userId,
      fullName: 'Old Seller',
      email: `old.${userId}@example.com`,
      emailNormalized: `old.${userId}@example.com`,
      passwordHash: 'x',
      role: 'seller',
      registeredAt: new Date().toISOString(),
    };
    await api.ctx.streams.append(accountStream(userId), [{ type: 'AccountRegistered', data }], 'no_stream', {
      actor: userId,
    });
    const { state } = await api.ctx.streams.load(accountStream(userId), accountDecider);
    expect(state!.verification.verified).toBe(true);
    const { token } = await api.ctx.sessions.create(userId);
    // PUBLIC_URL is https here: the cookie has its `__Host-` name.
    const old = new Client(api, `${SECURE_SESSION_COOKIE}=${token}`);
    expect((await old.api.seller.products.$post({ json: SAREE })).status).toBe(201);
  });
});

describe('asking for a new link', () => {
  it('mails a new link that replaces the old one, a few times per 15 minutes', async () => {
    const buyer = await api.signUp({ verified: false });
    const [first] = await verificationMails(buyer.user!.email);
    const resent = await buyer.api.auth['verify-email'].resend.$post();
    expectStatus(resent, 202);
    expect(resent.body.message).toBe(`We sent a new link to ${buyer.user!.email}. It works for 48 hours.`);
    const [second] = await verificationMails(buyer.user!.email);
    expect(second!.token).not.toBe(first!.token);
    expect((await api.anonymous().api.auth['verify-email'].$post({ json: { token: first!.token } })).status).toBe(400);

    for (let i = 0; i < 2; i++) expect((await buyer.api.auth['verify-email'].resend.$post()).status).toBe(202);
    const throttled = await buyer.api.auth['verify-email'].resend.$post();
    expectStatus(throttled, 429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await verificationMails(buyer.user!.email)).toHaveLength(4);
  });

  it('is refused when verified already, and signed out', async () => {
    const buyer = await api.signUp();
    expect(buyer.user!.emailVerified).toBe(true);
    const refused = await buyer.api.auth['verify-email'].resend.$post();
    expectStatus(refused, 409);
    expect(refused.body.error.message).toBe('Your e-mail address is already verified');
    expect((await api.anonymous().api.auth['verify-email'].resend.$post()).status).toBe(401);
  });
});
