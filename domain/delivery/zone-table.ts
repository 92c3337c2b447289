/**
 * The transit days of each zone and delivery option, as data with effective dates (one stream,
 * `delivery-zones`), kept like the tax rates (domain/tax/rates.ts): every change is a dated
 * entry an admin records with its source or reason, from today in India on, never earlier, and a
 * change repeating the entry in force records nothing. Transit days are working days (Monday to
 * Saturday: window.ts).
 */
import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { DELIVERY_METHODS, type DeliveryMethod } from '../order/options.ts';
import { indianDate, isIsoDate, type RateStamp, rateOn } from '../tax/rates.ts';
import { type Zone, ZONES } from './zones.ts';
import { english } from '../i18n/message.ts';

export const DELIVERY_ZONES_STREAM = 'delivery-zones';

/** Working days in transit: the earliest and the latest. */
export interface Transit {
  minDays: number;
  maxDays: number;
}

export type ZoneTransitEntry = RateStamp & { zone: Zone; transit: Record<DeliveryMethod, Transit> };

/** Each zone's history in recorded order, MIBI's initial entry first. */
export type ZoneTable = Record<Zone, ZoneTransitEntry[]>;

export type ZoneTableEvent = { type: 'ZoneTransitSet'; data: ZoneTransitEntry & { by: string; at: string } };

export interface SetZoneTransit {
  type: 'SetZoneTransit';
  actor: Actor;
  at: string;
  zone: Zone;
  transit: Record<DeliveryMethod, Transit>;
  effectiveFrom: string;
  source: string;
}

/** The longest transit an entry may give. */
export const MAX_TRANSIT_DAYS = 30;

export const ZONE_TABLE_MESSAGES = {
  forbidden: /*i18n*/ 'Only an admin can change delivery zones',
  effectiveFrom: /*i18n*/ 'Effective from must be a date like 2026-04-01',
  past: /*i18n*/ 'Transit days cannot change before today: pick today or a later day',
  source: /*i18n*/ 'A source or reason is required',
  days: english(/*i18n*/ 'Days must be whole numbers from 1 to {max}, the earliest no later than the latest', {
    max: MAX_TRANSIT_DAYS,
  }),
} as const;

const INITIAL_SOURCE = "MIBI's initial table, from Indian couriers' published transit times";

/** [standard, express, overnight] as [earliest, latest] working days. */
const initial = (zone: Zone, days: Array<[number, number]>): ZoneTransitEntry => ({
  zone,
  transit: Object.fromEntries(
    DELIVERY_METHODS.map((method, i) => [method, { minDays: days[i]![0], maxDays: days[i]![1] }]),
  ) as Record<DeliveryMethod, Transit>,
  effectiveFrom: '2026-01-01',
  source: INITIAL_SOURCE,
  by: null,
  at: null,
});

export const INITIAL_ZONE_TABLE: ZoneTable = {
  same_city: [
    initial('same_city', [
      [1, 2],
      [1, 1],
      [1, 1],
    ]),
  ],
  same_state: [
    initial('same_state', [
      [2, 4],
      [1, 2],
      [1, 1],
    ]),
  ],
  metro_to_metro: [
    initial('metro_to_metro', [
      [3, 5],
      [2, 3],
      [1, 2],
    ]),
  ],
  rest_of_india: [
    initial('rest_of_india', [
      [5, 7],
      [3, 4],
      [2, 3],
    ]),
  ],
  north_east_jk: [
    initial('north_east_jk', [
      [7, 10],
      [4, 6],
      [3, 4],
    ]),
  ],
};

/** A zone's transit days in force on `date` (a day in India): the initial table's before any change. */
export const transitOn = (table: ZoneTable, zone: Zone, date: string): ZoneTransitEntry =>
  rateOn(table[zone], date) ?? INITIAL_ZONE_TABLE[zone][0]!;

const invalid = (field: string, message: string): DomainError =>
  new DomainError('validation_failed', message, 'invalid', { [field]: message });

const validDays = (days: number): boolean => Number.isInteger(days) && days >= 1 && days <= MAX_TRANSIT_DAYS;

const sameTransit = (a: Record<DeliveryMethod, Transit>, b: Record<DeliveryMethod, Transit>): boolean =>
  DELIVERY_METHODS.every((m) => a[m].minDays === b[m].minDays && a[m].maxDays === b[m].maxDays);

export const zoneTableDecider: Decider<SetZoneTransit, ZoneTable, ZoneTableEvent> = {
  initialState: INITIAL_ZONE_TABLE,

  evolve(table, { data }) {
    return { ...table, [data.zone]: [...table[data.zone], data] };
  },

  decide(command, table) {
    if (!isAdmin(command.actor)) throw forbidden(ZONE_TABLE_MESSAGES.forbidden);
    const { zone, effectiveFrom, at } = command;
    if (!ZONES.includes(zone)) throw new DomainError('not_found', /*i18n*/ 'Zone not found', 'not_found');
    if (!isIsoDate(effectiveFrom)) throw invalid('effectiveFrom', ZONE_TABLE_MESSAGES.effectiveFrom);
    if (effectiveFrom < indianDate(at)) throw invalid('effectiveFrom', ZONE_TABLE_MESSAGES.past);
    const source = command.source.trim();
    if (source === '') throw invalid('source', ZONE_TABLE_MESSAGES.source);
    for (const method of DELIVERY_METHODS) {
      const { minDays, maxDays } = command.transit[method];
      if (!validDays(minDays) || !validDays(maxDays) || minDays > maxDays)
        throw invalid(`transit.${method}`, ZONE_TABLE_MESSAGES.days);
    }
    const transit = Object.fromEntries(
      DELIVERY_METHODS.map((m) => [m, { minDays: command.transit[m].minDays, maxDays: command.transit[m].maxDays }]),
    ) as Record<DeliveryMethod, Transit>;
    // A repeat of the entry in force from that day, with none after it, records nothing.
    const history = table[zone];
    const inForce = rateOn(history, effectiveFrom);
    const last = !history.some((e) => e.effectiveFrom > effectiveFrom);
    if (last && inForce && sameTransit(inForce.transit, transit)) return [];
    return [
      {
        type: 'ZoneTransitSet',
        data: { zone, transit, effectiveFrom, source, by: command.actor.userId, at },
      },
    ];
  },
};
