import { describe, expect, it } from 'vitest';
import { fileApi } from '../api/routes/catalog.fixtures.ts';
import { listedProduct, signedIn } from '../api/routes/orders.fixtures.ts';
import { placedOrder } from '../api/routes/purchases.fixtures.ts';
import { type Client, ok } from '../api/testing/harness.ts';

const api = await fileApi();

/** A buyer writes to the seller of a new order, who has never read its thread; returns the mail the seller gets. */
async function mailOfMessage(seller: Client) {
  const buyer = await signedIn(api, 'buyer');
  const { orderId } = await placedOrder(api, buyer, [{ productId: await listedProduct(api, seller) }]);
  const thread = `${orderId}-1`;
  ok(await buyer.api.threads[':id'].messages.$post({ param: { id: thread }, json: { text: 'Is it brass?' } }));
  await api.settle();
  const mails = await api.platform.mailbox!.list({ to: seller.user!.email });
  return { mail: mails.find((mail) => mail.text.includes(`/messages/${thread}`))!, number: thread.slice(0, 8) };
}

describe('the mail of a new message', () => {
  it('is in Hindi to a reader who chose Hindi', async () => {
    const seller = await signedIn(api, 'seller', 'Meera Weaves');
    ok(await seller.api.auth.language.$put({ json: { locale: 'hi' } }));
    const { mail, number } = await mailOfMessage(seller);
    expect(mail.subject).toBe(`ऑर्डर #${number}-1 के बारे में नया संदेश`);
    expect(mail.text).toContain('नमस्ते Meera Weaves,');
    expect(mail.text).toContain(`MIBI पर ऑर्डर #${number}-1 के बारे में आपके लिए एक नया संदेश है।`);
    expect(mail.text).not.toMatch(/Hello|new message|Read it/);
  });

  it('stays in English to a reader who chose English, as to one who never chose', async () => {
    for (const language of ['en', null] as const) {
      const seller = await signedIn(api, 'seller', 'Kashmir Looms');
      if (language) ok(await seller.api.auth.language.$put({ json: { locale: language } }));
      const { mail, number } = await mailOfMessage(seller);
      expect(mail.subject).toBe(`New message about order #${number}-1`);
      expect(mail.text).toContain(
        `Hello Kashmir Looms,\n\nYou have a new message about order #${number}-1 on MIBI. Read it and answer here:\n`,
      );
    }
  });
});
