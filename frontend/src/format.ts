/** Display formats shared by the screens. Money rules live in domain/ and are shared with the server. */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../domain/actor.ts';
import { formatLocale } from './i18n/i18n.ts';

export { formatInr as formatPrice } from '../../domain/money.ts';

/** A number grouped the Indian way (1,23,456) in the language on screen. */
export const formatNumber = (value: number): string => value.toLocaleString(formatLocale());

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** "5 Mar 2025" (Hindi: "5 मार्च 2025") */
export const formatDate = (iso: string): string => new Date(iso).toLocaleDateString(formatLocale(), DAY);

/** "5 Mar 2025, 4:30 pm" */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(formatLocale(), { ...DAY, hour: 'numeric', minute: '2-digit' });

/** "5 Mar 2025" for a UTC day of the sales figures ("2025-03-05"), whatever the time zone: the API counts sales by UTC day. */
export const formatDay = (day: string): string =>
  new Date(day).toLocaleDateString(formatLocale(), { ...DAY, timeZone: 'UTC' });

const ROLE_NAMES = {
  buyer: msg`Buyer`,
  seller: msg`Seller`,
  admin: msg`Admin`,
  analyst: msg`Analyst`,
} as const;

/** How a role is named on screen, in the language on screen (read at render: the SPA remounts on a switch). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = Object.freeze({
  get buyer() {
    return i18n._(ROLE_NAMES.buyer);
  },
  get seller() {
    return i18n._(ROLE_NAMES.seller);
  },
  get admin() {
    return i18n._(ROLE_NAMES.admin);
  },
  get analyst() {
    return i18n._(ROLE_NAMES.analyst);
  },
});
