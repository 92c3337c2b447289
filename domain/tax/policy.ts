/**
 * The marketplace's tax policy, one stream (`tax-policy`): the GST slabs in force, the TCS rate
 * the marketplace collects as an electronic commerce operator (section 52 of the CGST Act), each
 * category's defaults for its products (HSN code and GST rate), and the SAC code and GST rate of
 * each service MIBI supplies itself (its commission to sellers, delivery to buyers). Every change
 * is a dated entry (rates.ts) that an admin records with its source; none reaches back before today.
 */
import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { HSN_MESSAGE, isHsn } from './hsn.ts';
import { INITIAL_TAX_POLICY } from './initial-policy.ts';
import { formatRate, indianDate, isIsoDate, MAX_RATE_BPS, type RateStamp, rateOn } from './rates.ts';
import { isSac, SAC_MESSAGE } from './sac.ts';
import { english } from '../i18n/message.ts';

export const TAX_POLICY_STREAM = 'tax-policy';

/** The GST rates a product may have from `effectiveFrom` on, in basis points, ascending. */
export type GstSlabsEntry = RateStamp & { slabsBps: number[] };
export type TcsRateEntry = RateStamp & { rateBps: number };
export type CategoryTaxDefaultEntry = RateStamp & { categoryId: string; hsn: string; gstRateBps: number };

/** The services MIBI supplies under its own GSTIN: its commission to sellers, delivery to buyers. */
export const SERVICES = ['commission', 'delivery'] as const;
export type Service = (typeof SERVICES)[number];
export type ServiceRateEntry = RateStamp & { service: Service; sac: string; rateBps: number };

export type TaxPolicyEvent =
  | { type: 'GstRateSet'; data: GstSlabsEntry & { by: string; at: string } }
  | { type: 'TcsRateSet'; data: TcsRateEntry & { by: string; at: string } }
  | { type: 'CategoryTaxDefaultSet'; data: CategoryTaxDefaultEntry & { by: string; at: string } }
  | { type: 'ServiceRateSet'; data: ServiceRateEntry & { by: string; at: string } };

/** Each history in recorded order, the initial policy first. */
export type TaxPolicy = {
  gstSlabs: GstSlabsEntry[];
  tcsRate: TcsRateEntry[];
  categoryDefaults: Record<string, CategoryTaxDefaultEntry[]>;
  serviceRates: Record<Service, ServiceRateEntry[]>;
};

/** What a change names besides its value. */
interface Change {
  effectiveFrom: string;
  source: string;
}

export type TaxPolicyCommand = { actor: Actor; at: string } & Change &
  (
    | { type: 'SetGstSlabs'; slabsBps: number[] }
    | { type: 'SetTcsRate'; rateBps: number }
    | { type: 'SetCategoryTaxDefault'; categoryId: string; hsn: string; gstRateBps: number }
    | { type: 'SetServiceRate'; service: Service; sac: string; rateBps: number }
  );

export const TAX_POLICY_MESSAGES = {
  effectiveFrom: /*i18n*/ 'Effective from must be a date like 2026-04-01',
  past: /*i18n*/ 'A rate cannot change before today: pick today or a later day',
  slabs: english(/*i18n*/ 'Slabs must be one or more different whole numbers of basis points from 0 to {max}', {
    max: MAX_RATE_BPS,
  }),
  rate: english(/*i18n*/ 'Rate must be a whole number of basis points from 0 to {max}', { max: MAX_RATE_BPS }),
  source: /*i18n*/ 'A source is required (the notification or circular)',
  hsn: HSN_MESSAGE,
} as const;

/** The GST rate `rateBps` is not among the slabs in force on `date`. */
export const notASlab = (rateBps: number, slabsBps: readonly number[], date: string): string =>
  `GST rate ${formatRate(rateBps)} is not a slab in force on ${date} (${slabsBps.map(formatRate).join(', ')})`;

/** The GST slabs in force on `date` (none before the first entry). */
export const slabsOn = (policy: TaxPolicy, date: string): number[] => rateOn(policy.gstSlabs, date)?.slabsBps ?? [];

/** The TCS rate in force on `date`, in basis points. */
export const tcsRateOn = (policy: TaxPolicy, date: string): number | undefined => rateOn(policy.tcsRate, date)?.rateBps;

/** A category's defaults in force on `date`, or undefined for a category without any. */
export const categoryDefaultOn = (
  policy: TaxPolicy,
  categoryId: string,
  date: string,
): CategoryTaxDefaultEntry | undefined => rateOn(policy.categoryDefaults[categoryId] ?? [], date);

/** A service's SAC code and GST rate in force on `date` (none before its first entry). */
export const serviceRateOn = (policy: TaxPolicy, service: Service, date: string): ServiceRateEntry | undefined =>
  rateOn(policy.serviceRates[service], date);

const isRate = (rateBps: number): boolean => Number.isSafeInteger(rateBps) && rateBps >= 0 && rateBps <= MAX_RATE_BPS;

const invalid = (field: string, message: string): DomainError =>
  new DomainError('validation_failed', message, 'invalid', { [field]: message });

/** Whether a change repeats the last entry of `history`, from the same day: a repeat records nothing. */
function repeats<T extends RateStamp>(history: readonly T[], effectiveFrom: string, same: (entry: T) => boolean) {
  const latest = rateOn(history, effectiveFrom);
  const last = latest !== undefined && !history.some((e) => e.effectiveFrom > effectiveFrom);
  return last && latest.effectiveFrom === effectiveFrom && same(latest);
}

export const taxPolicyDecider: Decider<TaxPolicyCommand, TaxPolicy, TaxPolicyEvent> = {
  initialState: INITIAL_TAX_POLICY,

  evolve(state, event) {
    switch (event.type) {
      case 'GstRateSet':
        return { ...state, gstSlabs: [...state.gstSlabs, event.data] };
      case 'TcsRateSet':
        return { ...state, tcsRate: [...state.tcsRate, event.data] };
      case 'CategoryTaxDefaultSet': {
        const { categoryId } = event.data;
        const history = state.categoryDefaults[categoryId] ?? [];
        return { ...state, categoryDefaults: { ...state.categoryDefaults, [categoryId]: [...history, event.data] } };
      }
      case 'ServiceRateSet': {
        const { service } = event.data;
        const serviceRates = { ...state.serviceRates, [service]: [...state.serviceRates[service], event.data] };
        return { ...state, serviceRates };
      }
    }
  },

  decide(command, state) {
    if (!isAdmin(command.actor)) throw forbidden(/*i18n*/ 'Only an admin can change tax rates');
    const { effectiveFrom, at } = command;
    if (!isIsoDate(effectiveFrom)) throw invalid('effectiveFrom', TAX_POLICY_MESSAGES.effectiveFrom);
    if (effectiveFrom < indianDate(at)) throw invalid('effectiveFrom', TAX_POLICY_MESSAGES.past);
    const source = command.source.trim();
    if (source === '') throw invalid('source', TAX_POLICY_MESSAGES.source);
    const stamp = { effectiveFrom, source, by: command.actor.userId, at };
    switch (command.type) {
      case 'SetGstSlabs': {
        const slabsBps = [...new Set(command.slabsBps)].sort((a, b) => a - b);
        if (slabsBps.length === 0 || slabsBps.length !== command.slabsBps.length || !slabsBps.every(isRate))
          throw invalid('slabsBps', TAX_POLICY_MESSAGES.slabs);
        if (repeats(state.gstSlabs, effectiveFrom, (e) => e.slabsBps.join() === slabsBps.join())) return [];
        return [{ type: 'GstRateSet', data: { slabsBps, ...stamp } }];
      }
      case 'SetTcsRate': {
        const { rateBps } = command;
        if (!isRate(rateBps)) throw invalid('rateBps', TAX_POLICY_MESSAGES.rate);
        if (repeats(state.tcsRate, effectiveFrom, (e) => e.rateBps === rateBps)) return [];
        return [{ type: 'TcsRateSet', data: { rateBps, ...stamp } }];
      }
      case 'SetCategoryTaxDefault': {
        const { categoryId, hsn, gstRateBps } = command;
        if (!isHsn(hsn)) throw invalid('hsn', HSN_MESSAGE);
        const slabs = slabsOn(state, effectiveFrom);
        if (!slabs.includes(gstRateBps)) throw invalid('gstRateBps', notASlab(gstRateBps, slabs, effectiveFrom));
        const history = state.categoryDefaults[categoryId] ?? [];
        if (repeats(history, effectiveFrom, (e) => e.hsn === hsn && e.gstRateBps === gstRateBps)) return [];
        return [{ type: 'CategoryTaxDefaultSet', data: { categoryId, hsn, gstRateBps, ...stamp } }];
      }
      case 'SetServiceRate': {
        const { service, sac, rateBps } = command;
        if (!isSac(sac)) throw invalid('sac', SAC_MESSAGE);
        if (!isRate(rateBps)) throw invalid('rateBps', TAX_POLICY_MESSAGES.rate);
        if (repeats(state.serviceRates[service], effectiveFrom, (e) => e.sac === sac && e.rateBps === rateBps))
          return [];
        return [{ type: 'ServiceRateSet', data: { service, sac, rateBps, ...stamp } }];
      }
    }
  },
};
