/** What sellers and admins send about provenance, with the messages its checks give. */
import { z } from 'zod';
import { allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';
import { ARTISAN_ID_KINDS, CERTIFICATE_KINDS, MAKER_KINDS, MAKING_METHODS } from './events.ts';
import { english } from '../i18n/message.ts';

export const PROVENANCE_MESSAGES = {
  makerKind: /*i18n*/ 'Choose who the maker is: an artisan, a family workshop, a cooperative or a self-help group',
  makerNameRequired: /*i18n*/ 'Name is required',
  craftRequired: /*i18n*/ 'Craft is required',
  placeRequired: /*i18n*/ 'Village or town is required',
  districtRequired: /*i18n*/ 'District is required',
  stateRequired: /*i18n*/ 'State is required',
  pinInvalid: /*i18n*/ 'Enter a valid 6-digit PIN code',
  artisanIdKind: /*i18n*/ 'Choose the kind of artisan ID: Pehchan card or other',
  artisanIdNumber: /*i18n*/ 'Artisan ID number must be 4 to 30 letters or digits',
  method: /*i18n*/ 'Choose how it was made: handmade, handloom, hand-finished or with a production partner',
  makersRequired: /*i18n*/ 'Name at least one maker',
  makersDistinct: /*i18n*/ 'Name each maker once',
  partnerRequired: /*i18n*/ 'Name the production partner',
  partnerOnlyWithPartner: /*i18n*/ 'A production partner is named only when the product is made with one',
  certificateKind: /*i18n*/ 'Choose the kind of certificate',
  titleRequired: /*i18n*/ "Give the GI's name (or the mark's name for other certificates)",
  numberRequired: /*i18n*/ 'Certificate or registration number is required',
  issuerRequired: /*i18n*/ 'Issuer is required',
  dateInvalid: /*i18n*/ 'Dates must be like 2026-05-01',
  dateOrder: /*i18n*/ 'Valid from must be on or before valid until',
  lotRequired: /*i18n*/ 'Lot is required for a lot',
  evidenceRequired: /*i18n*/ 'Attach at least one evidence file (a PDF or an image)',
  evidenceTooMany: /*i18n*/ 'Attach at most 5 evidence files',
  reasonRequired: /*i18n*/ 'Reason is required',
  makerExists: /*i18n*/ 'This maker already exists',
  makerNotFound: /*i18n*/ 'Maker not found',
  makerUnavailable: /*i18n*/ 'Each maker must be one of your makers',
  certificateExists: /*i18n*/ 'This certificate already exists',
  certificateNotFound: /*i18n*/ 'Certificate not found',
  certificateAlreadyExpired: /*i18n*/ 'This certificate is past its valid-until date',
  notSubmitted: /*i18n*/ 'Only a submitted certificate can be verified or rejected',
  notVerified: /*i18n*/ 'Only a verified certificate can be revoked',
  noticeNotDue: /*i18n*/ 'This expiry notice is not due or was already given',
  notExpiring: /*i18n*/ 'This certificate is not past its valid-until date',
  evidenceExists: /*i18n*/ 'This evidence was already recorded',
  evidenceUnavailable: /*i18n*/ 'Each evidence file must be one you uploaded',
  evidenceNotFound: /*i18n*/ 'Evidence not found',
} as const;

const M = PROVENANCE_MESSAGES;
/** Indian PIN codes have six digits and never start with 0. */
const PIN = /^[1-9]\d{5}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string({ error: M.dateInvalid })
  .regex(DAY, M.dateInvalid)
  .refine(
    (text) =>
      !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    M.dateInvalid,
  );
const id = z.string().trim().min(1).max(100);

export const makerSchema = z.object({
  kind: z.enum(MAKER_KINDS, { error: M.makerKind }),
  name: requiredText(M.makerNameRequired, 100, /*i18n*/ 'Name'),
  craft: requiredText(M.craftRequired, 100, /*i18n*/ 'Craft'),
  cluster: z.object({
    place: requiredText(M.placeRequired, 100, /*i18n*/ 'Village or town'),
    district: requiredText(M.districtRequired, 100, /*i18n*/ 'District'),
    state: requiredText(M.stateRequired, 100, /*i18n*/ 'State'),
    pin: z.string({ error: M.pinInvalid }).trim().regex(PIN, M.pinInvalid),
  }),
  artisanId: z
    .object({
      kind: z.enum(ARTISAN_ID_KINDS, { error: M.artisanIdKind }),
      number: z
        .string({ error: M.artisanIdNumber })
        .transform((text) => text.replace(/[\s-]/g, '').toUpperCase())
        .pipe(z.string().regex(/^[A-Z0-9]{4,30}$/, M.artisanIdNumber)),
    })
    .nullable()
    .default(null),
  photo: id.nullable().default(null),
  story: optionalText(/*i18n*/ 'Story', 1000, { multiline: true }),
});

/** Text that may be empty ('' when left out), with requiredText's rules otherwise. */
function optionalText(label: string, maxLength: number, options: { multiline?: boolean } = {}) {
  return cleanText(english(/*i18n*/ '{label} must be text', { label }), options)
    .max(maxLength, tooLong(label, maxLength))
    .refine(...allowedCharacters(label, options))
    .default('');
}

export const originSchema = z
  .object({
    makerIds: z
      .array(id)
      .max(20)
      .refine((ids) => new Set(ids).size === ids.length, M.makersDistinct),
    method: z.enum(MAKING_METHODS, { error: M.method }),
    productionPartner: optionalText(/*i18n*/ 'Production partner', 100)
      .transform((text) => text || null)
      .nullable()
      .default(null),
  })
  .superRefine(({ makerIds, method, productionPartner }, cx) => {
    const withPartner = method === 'production-partner';
    if (withPartner && !productionPartner)
      cx.addIssue({ code: 'custom', path: ['productionPartner'], message: M.partnerRequired });
    if (!withPartner && productionPartner)
      cx.addIssue({ code: 'custom', path: ['productionPartner'], message: M.partnerOnlyWithPartner });
    if (!withPartner && makerIds.length === 0)
      cx.addIssue({ code: 'custom', path: ['makerIds'], message: M.makersRequired });
  });

export const certificateSchema = z
  .object({
    kind: z.enum(CERTIFICATE_KINDS, { error: M.certificateKind }),
    title: optionalText(/*i18n*/ 'Title', 200),
    number: requiredText(M.numberRequired, 60, /*i18n*/ 'Number'),
    issuer: requiredText(M.issuerRequired, 200, /*i18n*/ 'Issuer'),
    validFrom: day,
    validUntil: day,
    scope: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('seller') }),
      z.object({ kind: z.literal('product'), productId: id }),
      z.object({ kind: z.literal('lot'), productId: id, lot: requiredText(M.lotRequired, 60, /*i18n*/ 'Lot') }),
    ]),
    evidenceIds: z
      .array(id)
      .min(1, M.evidenceRequired)
      .max(5, M.evidenceTooMany)
      .refine((ids) => new Set(ids).size === ids.length, M.evidenceRequired),
  })
  .superRefine(({ kind, title, validFrom, validUntil }, cx) => {
    if (validFrom > validUntil) cx.addIssue({ code: 'custom', path: ['validUntil'], message: M.dateOrder });
    const titled = kind === 'gi-authorised-user' || kind === 'other';
    if (titled && !title) cx.addIssue({ code: 'custom', path: ['title'], message: M.titleRequired });
  })
  // Only a GI or another mark has a title of its own; the others' names come from their kind.
  .transform((input) => ({
    ...input,
    title: input.kind === 'gi-authorised-user' || input.kind === 'other' ? input.title : '',
  }));

export const reasonSchema = z.object({
  reason: requiredText(M.reasonRequired, 1000, /*i18n*/ 'Reason', { multiline: true }),
});

export type MakerInput = z.infer<typeof makerSchema>;
export type OriginInput = z.infer<typeof originSchema>;
export type CertificateInput = z.infer<typeof certificateSchema>;
