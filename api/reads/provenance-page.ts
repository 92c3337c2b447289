/**
 * A product's public provenance page (issue 29), `GET /api/provenance/{code}`: who made it and
 * how, the certificates that concern it with their state and who verified them, and the history
 * of its provenance record read from the log itself, its hash chains checked on every read.
 */
import { z } from '@hono/zod-openapi';
import { english } from '../../domain/i18n/message.ts';
import { badgeOn, badgeTitle, certifies } from '../../domain/provenance/badges.ts';
import { type ChainCheck, checkChain } from '../../domain/provenance/chain.ts';
import { dayOf } from '../../domain/provenance/days.ts';
import type { ProductImage } from '../../domain/product/image.ts';
import { type ImageUploadEvent, imageUploadDecider, imageUploadStream } from '../../domain/product/image-upload.ts';
import {
  CERTIFICATE_KINDS,
  type CertificateEvent,
  type MakerEvent,
  MAKER_KINDS,
  MAKING_METHODS,
  type MakingMethod,
  type OriginEvent,
  certificateStream,
  makerStream,
  originStream,
} from '../../domain/provenance/events.ts';
import type { EventStore, RecordedEvent } from '../../platform/eventstore/port.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { type ProductDoc, ProductImageSchema } from '../../projections/catalog/documents.ts';
import { PRODUCTS } from '../../projections/catalog/projection.ts';
import { type CodeDoc, PROVENANCE_CODES } from '../../projections/catalog/provenance.ts';
import {
  CERTIFICATE_STATES,
  CertificateScopeSchema,
  type CertificateDoc,
  MaskedArtisanIdSchema,
  type MakerDoc,
} from '../../projections/provenance/documents.ts';
import { CERTIFICATES, MAKERS } from '../../projections/provenance/projection.ts';

const ChainCheckSchema = z
  .union([
    z.object({ intact: z.literal(true), events: z.number().int() }),
    z.object({
      intact: z.literal(false),
      events: z.number().int(),
      stream: z.string().openapi({ description: 'The stream of the first event that breaks its chain' }),
      revision: z.number().int().openapi({ description: "That event's revision in its stream, from 0" }),
      reason: z.string(),
    }),
  ])
  .openapi('ChainCheck', {
    description: "The check of every hash chain of the page's record: each event's hash recomputed, each link followed",
  }) satisfies z.ZodType<ChainCheck>;

export const ProvenancePageSchema = z
  .object({
    code: z.string(),
    // A union, not .nullable(): the generator makes a nullable reference refuse null.
    product: z.object({ id: z.string(), name: z.string(), image: z.union([ProductImageSchema, z.null()]) }),
    seller: z.object({ id: z.string(), name: z.string() }),
    method: z.enum(MAKING_METHODS).nullable().openapi({ description: 'Null until the seller states the origin' }),
    productionPartner: z.string().nullable(),
    makers: z.array(
      z.object({
        name: z.string(),
        kind: z.enum(MAKER_KINDS),
        craft: z.string(),
        cluster: z.object({ place: z.string(), district: z.string(), state: z.string() }),
        artisanId: MaskedArtisanIdSchema.nullable(),
        photo: z.union([ProductImageSchema, z.null()]).openapi({ description: 'The maker’s photo, at every width' }),
        story: z.string(),
      }),
    ),
    certificates: z
      .array(
        z.object({
          id: z.string(),
          kind: z.enum(CERTIFICATE_KINDS),
          title: z.string(),
          badge: z
            .string()
            .nullable()
            .openapi({ description: 'The badge it gives today; null unless verified and not past its end' }),
          certifies: z.string().openapi({ description: 'What it certifies, in plain words' }),
          number: z.string(),
          issuer: z.string(),
          validFrom: z.string(),
          validUntil: z.string(),
          state: z
            .enum(CERTIFICATE_STATES)
            .openapi({ description: 'A verified one past its last valid day is expired' }),
          verifiedByName: z.string().nullable(),
          verifiedAt: z.string().nullable(),
          scope: CertificateScopeSchema,
        }),
      )
      .openapi({
        description: "The seller's certificates, the product's and its lots', as submitted; never their evidence",
      }),
    history: z
      .array(z.object({ at: z.string(), type: z.string(), summary: z.string() }))
      .openapi({ description: "The record's events, oldest first, in plain words" }),
    chain: ChainCheckSchema,
  })
  .openapi('ProvenancePage');
export type ProvenancePage = z.infer<typeof ProvenancePageSchema>;

const METHODS: Record<MakingMethod, string> = {
  handmade: /*i18n*/ 'handmade',
  handloom: /*i18n*/ 'handloom',
  'hand-finished': /*i18n*/ 'hand-finished',
  'production-partner': /*i18n*/ 'made with a production partner',
};

const names = (list: readonly string[]): string =>
  list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;

/** The checks of several streams as one: intact when each is, else the first break, counting every event. */
function combined(checks: readonly ChainCheck[]): ChainCheck {
  const events = checks.reduce((total, check) => total + check.events, 0);
  const broken = checks.find((check) => !check.intact);
  return broken ? { ...broken, events } : { intact: true, events };
}

type Recorded<E> = RecordedEvent & E;

/** The record's events in plain words; a notice of expiry was for the seller and is left out. */
function summaries(
  origin: ReadonlyArray<Recorded<OriginEvent>>,
  makers: ReadonlyArray<ReadonlyArray<Recorded<MakerEvent>>>,
  certificates: ReadonlyArray<ReadonlyArray<Recorded<CertificateEvent>>>,
  makerName: (id: string) => string,
): ProvenancePage['history'] {
  const entries: Array<{ position: number; at: string; type: string; summary: string }> = [];
  const add = (event: RecordedEvent & { data: { at: string } }, summary: string) =>
    entries.push({ position: event.position, at: event.data.at, type: event.type, summary });
  for (const event of origin) {
    const { method, productionPartner: partner, makerIds } = event.data;
    const values = { method: METHODS[method], partner: partner ?? '', makers: names(makerIds.map(makerName)) };
    const by = makerIds.length > 0;
    add(
      event,
      english(
        partner
          ? by
            ? /*i18n*/ 'Origin stated: {method} with {partner}, by {makers}'
            : /*i18n*/ 'Origin stated: {method} with {partner}'
          : by
            ? /*i18n*/ 'Origin stated: {method}, by {makers}'
            : /*i18n*/ 'Origin stated: {method}',
        values,
      ),
    );
  }
  for (const stream of makers) {
    let name = '';
    for (const event of stream) {
      if (event.type === 'MakerRemoved') {
        add(event, english(/*i18n*/ 'Maker {name} removed', { name }));
        continue;
      }
      const { cluster, craft } = event.data;
      const values = { was: name, name: event.data.name, craft, ...cluster };
      add(
        event,
        event.type === 'MakerChanged'
          ? english(/*i18n*/ 'Maker {was} changed: {name}, {craft}, of {place}, {district}, {state}', values)
          : english(/*i18n*/ 'Maker recorded: {name}, {craft}, of {place}, {district}, {state}', values),
      );
      name = event.data.name;
    }
  }
  for (const stream of certificates) {
    const submitted = stream[0];
    if (submitted?.type !== 'CertificateSubmitted') continue;
    const title = badgeTitle(submitted.data) || english(/*i18n*/ 'Certificate');
    for (const event of stream) {
      const summary = certificateSummary(title, event);
      if (summary) add(event, summary);
    }
  }
  return entries.sort((a, b) => a.position - b.position).map(({ at, type, summary }) => ({ at, type, summary }));
}

function certificateSummary(title: string, { type, data }: CertificateEvent): string | null {
  switch (type) {
    case 'CertificateSubmitted':
      return english(
        /*i18n*/ '{title} certificate {number} from {issuer}, valid {from} to {until}, submitted by the seller',
        { title, number: data.number, issuer: data.issuer, from: data.validFrom, until: data.validUntil },
      );
    case 'CertificateVerified':
      return english(/*i18n*/ '{title} certificate verified by {name}', { title, name: data.byName });
    case 'CertificateRejected':
      return english(/*i18n*/ '{title} certificate not accepted', { title });
    case 'CertificateRevoked':
      return english(/*i18n*/ '{title} certificate revoked: {reason}', { title, reason: data.reason });
    case 'CertificateExpired':
      return english(/*i18n*/ '{title} certificate expired', { title });
    case 'CertificateExpiryNoticed':
      return null;
  }
}

/** Whether the product's page is public: its content approved by an admin (delisted since or not), its seller not suspended. */
const isPublic = (product: ProductDoc): boolean => product.verification === 'verified' && !product.sellerSuspended;

/** The product a code names, when its page is public. */
/** A maker's photo (an upload id) as an image at every width, from its upload stream: only when the seller uploaded it. */
async function uploadedImage(
  events: EventStore,
  uploadId: string | null,
  sellerId: string,
): Promise<ProductImage | null> {
  if (!uploadId) return null;
  const recorded = (await events.readStream(imageUploadStream(uploadId))) as Array<Recorded<ImageUploadEvent>>;
  const upload = recorded.reduce(imageUploadDecider.evolve, imageUploadDecider.initialState);
  return upload?.by === sellerId ? { id: uploadId, url: upload.url, sizes: upload.sizes } : null;
}

export async function productOfCode(read: ReadStore, code: string): Promise<ProductDoc | null> {
  const found = await read.collection<CodeDoc>(PROVENANCE_CODES).get(code);
  const product = found && (await read.collection<ProductDoc>(PRODUCTS).get(found.productId));
  return product && isPublic(product) ? product : null;
}

/** Whether a code names a listed product: the seller may print its tag before it is on sale. */
export async function isCode(read: ReadStore, code: string): Promise<boolean> {
  return (await read.collection<CodeDoc>(PROVENANCE_CODES).get(code)) !== null;
}

/** The page of the product a code names on `now`, or null when none is public. */
export async function provenancePage(
  { read, events }: { read: ReadStore; events: EventStore },
  code: string,
  now: string,
): Promise<ProvenancePage | null> {
  const product = await productOfCode(read, code);
  if (!product) return null;
  const productId = product.id;
  // The origin and the certificates' histories from the log itself: the check is of what is stored.
  const origin = (await events.readStream(originStream(productId))) as Array<Recorded<OriginEvent>>;
  const stated = origin.at(-1)?.data ?? null;
  const makerIds = stated?.makerIds ?? [];
  const certificateDocs = (
    await read.collection<CertificateDoc>(CERTIFICATES).find({
      where: { sellerId: product.sellerId },
      sort: [['submittedAt', 'asc']],
    })
  ).filter(({ scope }) => scope.kind === 'seller' || scope.productId === productId);
  const [makerDocs, makerStreams, certificateStreams] = await Promise.all([
    Promise.all(
      makerIds.map(async (id) => {
        const maker = await read.collection<MakerDoc>(MAKERS).get(id);
        return maker && { ...maker, photo: await uploadedImage(events, maker.photo, maker.sellerId) };
      }),
    ),
    Promise.all(makerIds.map((id) => events.readStream(makerStream(id)))),
    Promise.all(certificateDocs.map(({ id }) => events.readStream(certificateStream(id)))),
  ]);
  const today = dayOf(now);
  const makersById = new Map(makerDocs.flatMap((maker) => (maker ? [[maker.id, maker] as const] : [])));
  return {
    code,
    product: { id: productId, name: product.name, image: product.images[0] ?? null },
    seller: { id: product.sellerId, name: product.sellerName },
    method: stated?.method ?? null,
    productionPartner: stated?.productionPartner ?? null,
    makers: [...makersById.values()]
      .filter((maker) => !maker.removed)
      .map(({ name, kind, craft, cluster: { place, district, state }, artisanId, photo, story }) => ({
        name,
        kind,
        craft,
        cluster: { place, district, state },
        artisanId,
        photo,
        story,
      })),
    certificates: certificateDocs.map((certificate, i) => {
      const verified = certificateStreams[i]!.find(({ type }) => type === 'CertificateVerified') as
        | Recorded<Extract<CertificateEvent, { type: 'CertificateVerified' }>>
        | undefined;
      const badge = badgeOn(certificate, today);
      const { id, kind, title, number, issuer, validFrom, validUntil, scope } = certificate;
      return {
        id,
        kind,
        title,
        badge: badge?.title ?? null,
        certifies: certifies(certificate),
        number,
        issuer,
        validFrom,
        validUntil,
        state: certificate.state === 'verified' && !badge ? 'expired' : certificate.state,
        verifiedByName: verified?.data.byName ?? null,
        verifiedAt: verified?.data.at ?? null,
        scope,
      };
    }),
    history: summaries(
      origin,
      makerStreams as Array<Array<Recorded<MakerEvent>>>,
      certificateStreams as Array<Array<Recorded<CertificateEvent>>>,
      (id) => makersById.get(id)?.name ?? 'a maker',
    ),
    chain: combined([
      checkChain(originStream(productId), origin),
      ...makerIds.map((id, i) => checkChain(makerStream(id), makerStreams[i]!)),
      ...certificateDocs.map(({ id }, i) => checkChain(certificateStream(id), certificateStreams[i]!)),
    ]),
  };
}
