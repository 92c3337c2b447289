import { describe, expect, it } from 'vitest';
import { PROVENANCE_MESSAGES as M } from '../../domain/provenance/schemas.ts';
import { PHOTO_NOT_OWN } from '../commands/provenance.ts';
import { tinyPng } from '../images/tiny-png.fixtures.ts';
import { expectStatus, ok } from '../testing/harness.ts';
import { craftsAndSpices, listedProduct, signedIn } from './orders.fixtures.ts';
import { PDF, addedMaker, certificate, maker, submitted, upload } from './provenance.fixtures.ts';

const { api, crafts, spices, admin } = await craftsAndSpices();
const buyer = await signedIn(api, 'buyer');

describe('makers and origins', () => {
  it("lists a seller's own makers with the artisan ID masked, and keeps others' makers from it", async () => {
    const { id, position } = await addedMaker(crafts);
    const listed = ok(await crafts.after(position).seller.makers.$get());
    expect(listed).toEqual([
      expect.objectContaining({ id, name: maker.name, artisanId: { kind: 'pehchan', masked: '••••••••8812' } }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('778812');
    expect(ok(await spices.after(position).seller.makers.$get())).toEqual([]);
    const changed = { ...maker, name: 'Taken over' };
    const change = await spices.api.seller.makers[':id'].$put({ param: { id }, json: changed });
    expectStatus(change, 404);
    expectStatus(await spices.api.seller.makers[':id'].$delete({ param: { id } }), 404);
    const after = ok(await crafts.after(await api.platform.events.lastPosition()).seller.makers.$get());
    expect(after[0]).toMatchObject({ name: maker.name, removed: false });
  });

  it('refuses bad makers with each field’s message, writing nothing', async () => {
    const before = await api.platform.events.lastPosition();
    const reply = await crafts.api.seller.makers.$post({
      json: { ...maker, kind: 'factory', cluster: { ...maker.cluster, pin: '12345' } } as never,
    });
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toMatchObject({ kind: M.makerKind, 'cluster.pin': M.pinInvalid });
    expect(await api.platform.events.lastPosition()).toBe(before);
  });

  it("takes a photo the seller uploaded, and refuses another's upload or an unknown id, writing nothing", async () => {
    const photo = (client: typeof crafts) =>
      client.api.uploads.$post({
        form: { file: new File([Uint8Array.from(tinyPng())], 'maker.png', { type: 'image/png' }) },
      });
    const own = ok(await photo(crafts));
    const others = ok(await photo(spices));
    const added = await crafts.api.seller.makers.$post({ json: { ...maker, photo: own.id } });
    expectStatus(added, 201);
    const before = await api.platform.events.lastPosition();
    for (const id of [others.id, crypto.randomUUID()]) {
      const refused = await crafts.api.seller.makers.$post({ json: { ...maker, photo: id } });
      expectStatus(refused, 400);
      expect(refused.body.error.fields).toEqual({ photo: PHOTO_NOT_OWN });
      const changed = await crafts.api.seller.makers[':id'].$put({
        param: { id: added.body.id },
        json: { ...maker, photo: id },
      });
      expectStatus(changed, 400);
    }
    expect(await api.platform.events.lastPosition()).toBe(before);
  });

  it("states a product's origin with the seller's own makers only, and only for its own product", async () => {
    const { id: makerId } = await addedMaker(crafts);
    const { id: otherMaker } = await addedMaker(spices);
    const product = await listedProduct(api, crafts);
    const origin = { makerIds: [makerId], method: 'handloom' as const, productionPartner: null };
    const stated = ok(await crafts.api.seller.products[':id'].origin.$put({ param: { id: product }, json: origin }));
    expect(ok(await crafts.after(stated.position).seller.origins.$get())).toEqual([
      expect.objectContaining({ productId: product, sellerId: crafts.user!.id, ...origin }),
    ]);
    expect(ok(await spices.after(stated.position).seller.origins.$get())).toEqual([]);
    const stolen = await spices.api.seller.products[':id'].origin.$put({ param: { id: product }, json: origin });
    expectStatus(stolen, 404);
    const foreignMaker = await crafts.api.seller.products[':id'].origin.$put({
      param: { id: product },
      json: { ...origin, makerIds: [otherMaker] },
    });
    expectStatus(foreignMaker, 400);
    expect(foreignMaker.body.error.fields).toEqual({ makerIds: M.makerUnavailable });
    const noPartner = await crafts.api.seller.products[':id'].origin.$put({
      param: { id: product },
      json: { ...origin, method: 'production-partner' as const },
    });
    expectStatus(noPartner, 400);
    expect(noPartner.body.error.fields).toEqual({ productionPartner: M.partnerRequired });
  });
});

describe('evidence and certificates', () => {
  it('stores evidence under a private key that /media never serves, and refuses what is not a PDF or an image', async () => {
    const evidence = ok(await upload(crafts));
    expect(evidence).toMatchObject({ name: 'handloom-mark.pdf', contentType: 'application/pdf', size: PDF.length });
    const [recorded] = await api.platform.events.readStream(`evidence-${evidence.evidenceId}`);
    const { blobKey } = recorded!.data as { blobKey: string };
    expect(blobKey).toMatch(/^private\//);
    expect(await api.platform.blobs.get(blobKey)).not.toBeNull();
    expectStatus(await api.anonymous().raw.get(`/media/${blobKey}`), 404);
    expectStatus(await crafts.raw.get(`/media/${blobKey}`), 404);
    const script = await upload(crafts, '<script>alert(1)</script>', 'mark.pdf', 'application/pdf');
    expectStatus(script, 415);
    expect(script.body.error.code).toBe('invalid_file_type');
    expectStatus(await upload(buyer), 403);
  });

  it("lets the seller and the admins download a certificate's evidence, never another seller", async () => {
    const { id, evidence } = await submitted(crafts);
    const param = { id, evidenceId: evidence.evidenceId };
    const own = await crafts.raw.get(`/api/seller/certificates/${id}/evidence/${evidence.evidenceId}`);
    expectStatus(own, 200);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="handloom-mark.pdf"/);
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect(own.body).toBe(PDF);
    expectStatus(await spices.api.seller.certificates[':id'].evidence[':evidenceId'].$get({ param }), 404);
    expectStatus(await admin.raw.get(`/api/admin/certificates/${id}/evidence/${evidence.evidenceId}`), 200);
    // The admin's look is recorded, as every staff view of personal data is.
    expect(await api.platform.events.readStream(`staff-access-${admin.user!.id}`)).toContainEqual(
      expect.objectContaining({
        type: 'PersonalDataViewed',
        data: expect.objectContaining({
          surface: 'certificate-evidence',
          subject: `certificate-${id} ${evidence.evidenceId}`,
        }),
      }),
    );
    expectStatus(await crafts.raw.get(`/api/admin/certificates/${id}/evidence/${evidence.evidenceId}`), 403);
    // An upload the certificate was not submitted with is not its evidence, even the seller's own.
    const other = ok(await upload(crafts));
    const unrelated = { id, evidenceId: other.evidenceId };
    expectStatus(await crafts.api.seller.certificates[':id'].evidence[':evidenceId'].$get({ param: unrelated }), 404);
  });

  it("refuses to attach another seller's evidence or product to a certificate", async () => {
    const theirs = ok(await upload(crafts));
    const attach = await spices.api.seller.certificates.$post({ json: certificate([theirs.evidenceId]) });
    expectStatus(attach, 400);
    expect(attach.body.error.fields).toEqual({ evidenceIds: M.evidenceUnavailable });
    const product = await listedProduct(api, crafts);
    const own = ok(await upload(spices));
    const scoped = await spices.api.seller.certificates.$post({
      json: certificate([own.evidenceId], { kind: 'product', productId: product }),
    });
    expectStatus(scoped, 404);
  });

  it('refuses bad certificates with their messages', async () => {
    const own = ok(await upload(crafts));
    const reply = await crafts.api.seller.certificates.$post({
      json: { ...certificate([own.evidenceId]), kind: 'gi-authorised-user' as const, validUntil: '2023-01-01' },
    });
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({ title: M.titleRequired, validUntil: M.dateOrder });
  });
});

describe('the admins’ checks', () => {
  it('queues submitted certificates oldest first, verifies with the admin’s name, then revokes with a reason', async () => {
    const first = await submitted(crafts);
    const second = await submitted(spices);
    const queue = ok(await admin.after(second.position).admin.certificates.$get({ query: { state: 'submitted' } }));
    const ids = queue.map((c) => c.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(queue.find((c) => c.id === first.id)).toMatchObject({ sellerName: 'Rajasthan Crafts Collective' });

    const param = { id: first.id };
    expectStatus(await crafts.api.admin.certificates[':id'].verify.$post({ param }), 403);
    const verified = ok(await admin.api.admin.certificates[':id'].verify.$post({ param }));
    const mine = ok(await crafts.after(verified.position).seller.certificates.$get());
    expect(mine.find((c) => c.id === first.id)).toMatchObject({
      state: 'verified',
      decidedBy: admin.user!.id,
      decidedByName: admin.user!.fullName,
    });
    const again = await admin.api.admin.certificates[':id'].reject.$post({ param, json: { reason: 'Late' } });
    expectStatus(again, 409);
    expectStatus(await admin.api.admin.certificates[':id'].revoke.$post({ param, json: { reason: ' ' } }), 400);
    expectStatus(await spices.api.admin.certificates[':id'].revoke.$post({ param, json: { reason: 'Mine now' } }), 403);
    const revoked = ok(
      await admin.api.admin.certificates[':id'].revoke.$post({ param, json: { reason: 'Registration cancelled' } }),
    );
    const all = ok(await admin.after(revoked.position).admin.certificates.$get({ query: {} }));
    expect(all.find((c) => c.id === first.id)).toMatchObject({ state: 'revoked', reason: 'Registration cancelled' });
    expectStatus(await admin.api.admin.certificates[':id'].verify.$post({ param: { id: 'no-such' } }), 404);
  });

  it('lists verified certificates ending within 30 days, soonest first', async () => {
    const today = api.ctx.now().slice(0, 10);
    const inDays = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const submit = async (validUntil: string) => {
      const evidence = ok(await upload(crafts));
      const { id } = ok(
        await crafts.api.seller.certificates.$post({ json: { ...certificate([evidence.evidenceId]), validUntil } }),
      );
      return ok(await admin.api.admin.certificates[':id'].verify.$post({ param: { id } }));
    };
    const later = await submit(inDays(20));
    const sooner = await submit(inDays(3));
    const far = await submit(inDays(45));
    const expiring = ok(await admin.after(far.position).admin.certificates.expiring.$get());
    const ids = expiring.map((c) => c.id);
    expect(ids).toContain(later.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(far.id);
  });
});
