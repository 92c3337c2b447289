/** The words of a version's fields in the language on screen: the domain names them in English (domain/product/history.ts), keyed here by that English. */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { STOCK_LABEL } from '../../../../../domain/product/history.ts';
import { STATUS_LABELS } from '../ProductStatusBadge.tsx';
import { STATUS_LABEL } from './versionFields.ts';

const FIELD_LABELS: Record<string, MessageDescriptor> = {
  Name: msg`Name`,
  Description: msg`Description`,
  Price: msg`Price`,
  'Original price': msg`Original price`,
  Category: msg`Category`,
  Images: msg`Images`,
  Tags: msg`Tags`,
  Tax: msg`Tax`,
  'Made to order': msg`Made to order`,
  Personalisation: msg`Personalisation`,
  Options: msg`Options`,
  Variants: msg`Variants`,
  [STOCK_LABEL]: msg`Stock`,
  [STATUS_LABEL]: msg`Status`,
  'Name in Hindi': msg`Name in Hindi`,
  'Description in Hindi': msg`Description in Hindi`,
  'Tags in Hindi': msg`Tags in Hindi`,
};

const STOCK_OF = `${STOCK_LABEL} of `;

/** 'Original price' → 'मूल कीमत'; a variant's stock ('Stock of Size 8 · Tan') keeps the variant's own words; a field this SPA does not know stays as the API wrote it. */
export function fieldLabel(field: string): string {
  if (Object.hasOwn(FIELD_LABELS, field)) return i18n._(FIELD_LABELS[field]!);
  if (field.startsWith(STOCK_OF)) {
    const variant = field.slice(STOCK_OF.length);
    return i18n._(msg`Stock of ${variant}`);
  }
  return field;
}

/** A value in words: 'none' and the status are the SPA's words; everything else is the seller's data or a figure. */
export function fieldValue(field: string, value: string): string {
  if (value === 'none') return i18n._(msg`none`);
  if (field === STATUS_LABEL && Object.hasOwn(STATUS_LABELS, value)) {
    return i18n._(STATUS_LABELS[value as keyof typeof STATUS_LABELS]);
  }
  return value;
}
