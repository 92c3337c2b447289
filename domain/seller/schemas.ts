import { z } from 'zod';
import { type TextOptions, allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';
import { shippingAddressSchema } from '../order/schemas.ts';
import { panError, parseGstin } from '../tax/gstin.ts';
import { stateByCode } from '../tax/states.ts';
import type { TaxProfile } from './events.ts';
import { english } from '../i18n/message.ts';

export const REASON_REQUIRED = 'A reason is required';
const MAX_REASON_LENGTH = 500;

/** Text that may be left out: trimmed, checked like any text field, blank meaning none (null). */
function optionalText(label: string, maxLength: number, options: TextOptions = {}) {
  return cleanText(english(/*i18n*/ '{label} must be text', { label }), options)
    .max(maxLength, tooLong(label, maxLength))
    .refine(...allowedCharacters(label, options))
    .transform((text) => text || null)
    .nullable()
    .default(null);
}

/** Body of "verify a seller": a note for the record if the admin has one; blank means none. */
export const verifySellerSchema = z.object({
  reason: optionalText(/*i18n*/ 'Reason', MAX_REASON_LENGTH, { multiline: true }),
});

/** Body of "suspend" and "reinstate": these change what the seller may do, so the record says why. */
export const sellerReasonSchema = z.object({
  reason: requiredText(REASON_REQUIRED, MAX_REASON_LENGTH, /*i18n*/ 'Reason', { multiline: true }),
});

/** How long each storefront field may be: a name and two short lines for the header, a story of a few paragraphs. */
export const PROFILE_LIMITS = { displayName: 60, region: 60, craft: 60, story: 1000 } as const;

/**
 * A storefront profile as the seller writes it: a display name, and optionally the region they
 * work in, their craft and their story (the one field of several lines). The form and the API
 * check it alike.
 */
export const sellerProfileSchema = z.object({
  displayName: requiredText(/*i18n*/ 'Display name is required', PROFILE_LIMITS.displayName, /*i18n*/ 'Display name'),
  region: optionalText(/*i18n*/ 'Region', PROFILE_LIMITS.region),
  craft: optionalText(/*i18n*/ 'Craft', PROFILE_LIMITS.craft),
  story: optionalText(/*i18n*/ 'Story', PROFILE_LIMITS.story, { multiline: true }),
});

const VERSION_MESSAGE = /*i18n*/ 'Expected version must be a whole number, 0 or more';

/** Body of "edit a storefront": the profile, and the version it was edited from, so an edit made meanwhile is not overwritten. */
export const sellerProfileUpdateSchema = sellerProfileSchema.extend({
  expectedVersion: z
    .number({ error: VERSION_MESSAGE })
    .int(VERSION_MESSAGE)
    .min(0, VERSION_MESSAGE)
    .nullable()
    .default(null),
});

export const TAX_PROFILE_FIELD_MESSAGES = {
  registered: /*i18n*/ 'Say whether you are registered for GST',
  legalNameRequired: /*i18n*/ 'Legal name is required',
  gstinRequired: /*i18n*/ 'GSTIN is required when you are registered for GST',
  panRequired: /*i18n*/ 'PAN is required',
  enrolmentRequired: /*i18n*/ 'Enrolment number is required when you are not registered for GST',
  enrolmentInvalid: /*i18n*/ 'An enrolment number has only capital letters and digits',
  stateRequired: /*i18n*/ 'Choose the state of your place of business',
  gstinPan: (pan: string) => `This GSTIN holds the PAN ${pan}, not the PAN you gave: check both`,
  gstinState: (gstinState: string, state: string) =>
    `This GSTIN is registered in ${gstinState}, but your place of business is in ${state}: give the GSTIN of that state`,
} as const;

export const TAX_PROFILE_LIMITS = { legalName: 100, tradeName: 100, enrolmentNumber: 20 } as const;

/** A field checked by one of domain/tax's functions, which give the message or null. */
const checkedBy = (check: (text: string) => string | null) => (text: string, context: z.RefinementCtx) => {
  const message = check(text);
  if (message) context.addIssue({ code: 'custom', message });
};

const { address, city, pincode } = shippingAddressSchema.shape;

/**
 * The tax profile form, as the seller fills it in: registered or not, the GSTIN (when registered)
 * or the enrolment number (when not), and the principal place of business with its state by GST
 * code. The GSTIN must hold the PAN given and belong to the state of the place of business.
 * Gives the fields trimmed, blanks as null: what the form sends.
 */
export const taxProfileFormSchema = z
  .object({
    registered: z.boolean({ error: TAX_PROFILE_FIELD_MESSAGES.registered }),
    legalName: requiredText(
      TAX_PROFILE_FIELD_MESSAGES.legalNameRequired,
      TAX_PROFILE_LIMITS.legalName,
      /*i18n*/ 'Legal name',
    ),
    tradeName: optionalText(/*i18n*/ 'Trade name', TAX_PROFILE_LIMITS.tradeName),
    // Room past 15 characters, so a GSTIN too long is told its length rather than a limit.
    gstin: optionalText(/*i18n*/ 'GSTIN', 50),
    pan: requiredText(TAX_PROFILE_FIELD_MESSAGES.panRequired, 20, /*i18n*/ 'PAN').superRefine(checkedBy(panError)),
    enrolmentNumber: optionalText(/*i18n*/ 'Enrolment number', TAX_PROFILE_LIMITS.enrolmentNumber).refine(
      (number) => number === null || /^[A-Z0-9]+$/.test(number),
      TAX_PROFILE_FIELD_MESSAGES.enrolmentInvalid,
    ),
    address,
    city,
    stateCode: z
      .string({ error: TAX_PROFILE_FIELD_MESSAGES.stateRequired })
      .refine((code) => stateByCode(code) !== null, TAX_PROFILE_FIELD_MESSAGES.stateRequired),
    pincode,
  })
  .superRefine((form, context) => {
    const fault = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (!form.registered) {
      if (form.enrolmentNumber === null) fault('enrolmentNumber', TAX_PROFILE_FIELD_MESSAGES.enrolmentRequired);
      return;
    }
    if (form.gstin === null) return fault('gstin', TAX_PROFILE_FIELD_MESSAGES.gstinRequired);
    const gstin = parseGstin(form.gstin);
    if (typeof gstin === 'string') return fault('gstin', gstin);
    if (gstin.pan !== form.pan && panError(form.pan) === null)
      return fault('gstin', TAX_PROFILE_FIELD_MESSAGES.gstinPan(gstin.pan));
    const state = stateByCode(form.stateCode);
    if (state && gstin.stateCode !== state.code)
      fault('gstin', TAX_PROFILE_FIELD_MESSAGES.gstinState(gstin.state.name, state.name));
  });

/** Body of "set the tax profile": the form, giving the profile as the event keeps it. */
export const taxProfileSchema = taxProfileFormSchema.transform(
  ({ registered, gstin, enrolmentNumber, address, city, pincode, ...fields }): TaxProfile => {
    const profile = { ...fields, address: { address, city, pincode } };
    // Both are present once the refinements pass: the GSTIN when registered, the enrolment number when not.
    return registered
      ? { registered, gstin: gstin!, ...profile }
      : { registered, enrolmentNumber: enrolmentNumber!, ...profile };
  },
);
