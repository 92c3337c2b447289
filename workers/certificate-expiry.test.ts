import { describe, expect, it } from 'vitest';
import { later } from '../domain/time.ts';
import { ok } from '../api/testing/harness.ts';
import { craftsAndSpices } from '../api/routes/orders.fixtures.ts';
import { certificateExpiryPass } from './certificate-expiry.ts';
import { workerContext } from './worker.ts';

const { api, crafts, admin } = await craftsAndSpices();
const DAY = 86_400_000;
const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

const passAt = async (now: string) => {
  const pass = await certificateExpiryPass(workerContext(api.platform, api.ctx.config, { now: () => now }));
  await api.settle();
  return pass;
};

describe('the certificate expiry pass', () => {
  it('tells the seller 30 and 7 days before, once each, then expires the certificate after its last day', async () => {
    const today = api.ctx.now().slice(0, 10);
    const validUntil = later(`${today}T00:00:00.000Z`, 40 * DAY).slice(0, 10);
    const day = (daysBefore: number) => later(`${validUntil}T06:00:00.000Z`, -daysBefore * DAY);
    const file = new File([PDF], 'mark.pdf', { type: 'application/pdf' });
    const evidence = ok(await crafts.api.seller.evidence.$post({ form: { file } }));
    const { id } = ok(
      await crafts.api.seller.certificates.$post({
        json: {
          kind: 'handloom-mark',
          number: 'HLM-EXP-1',
          issuer: 'Textiles Committee',
          validFrom: today,
          validUntil,
          scope: { kind: 'seller' },
          evidenceIds: [evidence.evidenceId],
        },
      }),
    );
    ok(await admin.api.admin.certificates[':id'].verify.$post({ param: { id } }));
    await api.settle();

    expect(await passAt(day(31))).toEqual({ noticed: 0, expired: 0, failed: 0 });
    expect(await passAt(day(30))).toEqual({ noticed: 1, expired: 0, failed: 0 });
    expect(await passAt(day(29))).toEqual({ noticed: 0, expired: 0, failed: 0 });
    expect(await passAt(day(7))).toEqual({ noticed: 1, expired: 0, failed: 0 });
    expect(await passAt(day(0))).toEqual({ noticed: 0, expired: 0, failed: 0 });
    expect(await passAt(day(-1))).toEqual({ noticed: 0, expired: 1, failed: 0 });
    expect(await passAt(day(-2))).toEqual({ noticed: 0, expired: 0, failed: 0 });

    const types = (await api.platform.events.readStream(`certificate-${id}`)).map((event) => event.type);
    expect(types).toEqual([
      'CertificateSubmitted',
      'CertificateVerified',
      'CertificateExpiryNoticed',
      'CertificateExpiryNoticed',
      'CertificateExpired',
    ]);
    const mine = ok(await crafts.api.seller.certificates.$get());
    expect(mine.find((c) => c.id === id)).toMatchObject({ state: 'expired', noticed: [30, 7] });

    const titles = [
      'Certificate HLM-EXP-1 ends in 30 days',
      'Certificate HLM-EXP-1 ends in 7 days',
      'Certificate HLM-EXP-1 has expired',
    ];
    const mails = (await api.platform.mailbox!.list({ to: crafts.user!.email })).map((mail) => mail.subject);
    for (const title of titles) expect(mails.filter((subject) => subject === title)).toHaveLength(1);
    const notifications = ok(await crafts.api.notifications.$get({ query: {} }));
    const told = JSON.stringify(notifications);
    for (const title of titles) expect(told.split(title)).toHaveLength(2);
  });
});
