import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { actors, given } from '../testing.ts';
import { INITIAL_TAX_POLICY } from './initial-policy.ts';
import {
  categoryDefaultOn,
  serviceRateOn,
  slabsOn,
  type TaxPolicyCommand,
  type TaxPolicyEvent,
  taxPolicyDecider,
  tcsRateOn,
} from './policy.ts';

// 27 Nov 2026, 20:00 in India.
const AT = '2026-11-27T14:30:00.000Z';
const change = { actor: actors.admin, at: AT, effectiveFrom: '2026-11-27', source: 'Notification 1/2026-Central Tax' };
const stamp = { effectiveFrom: '2026-11-27', source: 'Notification 1/2026-Central Tax', by: 'admin-1', at: AT };

const tcsSet: TaxPolicyEvent = { type: 'TcsRateSet', data: { rateBps: 100, ...stamp } };

describe('the initial policy', () => {
  it('has the slabs since 22 Sep 2025, TCS at 0.5% since 10 Jul 2024 and a default for every category', () => {
    expect(slabsOn(INITIAL_TAX_POLICY, '2025-09-22')).toEqual([300, 500, 1800, 4000]);
    expect(slabsOn(INITIAL_TAX_POLICY, '2025-09-21')).toEqual([]);
    expect(tcsRateOn(INITIAL_TAX_POLICY, '2024-07-10')).toBe(50);
    expect(tcsRateOn(INITIAL_TAX_POLICY, '2024-07-09')).toBeUndefined();
    for (const id of ['textiles', 'handicrafts', 'spices', 'jewelry', 'home-decor', 'ayurveda']) {
      const entry = categoryDefaultOn(INITIAL_TAX_POLICY, id, '2026-01-01');
      expect(entry?.source).toMatch(/^Notification 9\/2025-Central Tax \(Rate\)/);
      expect(slabsOn(INITIAL_TAX_POLICY, '2026-01-01')).toContain(entry?.gstRateBps);
    }
  });

  it("has MIBI's services at 18% since GST began: commission SAC 996211, delivery SAC 996812", () => {
    expect(serviceRateOn(INITIAL_TAX_POLICY, 'commission', '2017-07-01')).toMatchObject({
      sac: '996211',
      rateBps: 1800,
    });
    expect(serviceRateOn(INITIAL_TAX_POLICY, 'delivery', '2026-11-27')).toMatchObject({ sac: '996812', rateBps: 1800 });
    expect(serviceRateOn(INITIAL_TAX_POLICY, 'commission', '2017-06-30')).toBeUndefined();
  });
});

describe('changing the tax policy', () => {
  it('records a change with its source, who and when; it applies from its day on', () => {
    given(taxPolicyDecider)
      .when({ ...change, type: 'SetTcsRate', rateBps: 100 })
      .then([tcsSet]);
    const policy = fold(taxPolicyDecider, [tcsSet]);
    expect(tcsRateOn(policy, '2026-11-26')).toBe(50);
    expect(tcsRateOn(policy, '2026-11-27')).toBe(100);
  });

  it('sets the slabs sorted, and a category default among them', () => {
    given(taxPolicyDecider)
      .when({ ...change, type: 'SetGstSlabs', slabsBps: [1800, 500, 4000] })
      .then([{ type: 'GstRateSet', data: { slabsBps: [500, 1800, 4000], ...stamp } }]);
    given(taxPolicyDecider)
      .when({ ...change, type: 'SetCategoryTaxDefault', categoryId: 'textiles', hsn: '50072010', gstRateBps: 500 })
      .then([
        { type: 'CategoryTaxDefaultSet', data: { categoryId: 'textiles', hsn: '50072010', gstRateBps: 500, ...stamp } },
      ]);
  });

  it("sets a service's SAC code and rate from its day on, the other service untouched", () => {
    const serviceSet: TaxPolicyEvent = {
      type: 'ServiceRateSet',
      data: { service: 'delivery', sac: '996813', rateBps: 500, ...stamp },
    };
    given(taxPolicyDecider)
      .when({ ...change, type: 'SetServiceRate', service: 'delivery', sac: '996813', rateBps: 500 })
      .then([serviceSet]);
    const policy = fold(taxPolicyDecider, [serviceSet]);
    expect(serviceRateOn(policy, 'delivery', '2026-11-26')).toMatchObject({ sac: '996812', rateBps: 1800 });
    expect(serviceRateOn(policy, 'delivery', '2026-11-27')).toMatchObject({ sac: '996813', rateBps: 500 });
    expect(serviceRateOn(policy, 'commission', '2026-11-27')).toMatchObject({ sac: '996211', rateBps: 1800 });
    given(taxPolicyDecider, [serviceSet])
      .when({ ...change, type: 'SetServiceRate', service: 'delivery', sac: '996813', rateBps: 500 })
      .then([]);
  });

  it('records nothing for a repeat of the last change', () => {
    given(taxPolicyDecider, [tcsSet])
      .when({ ...change, type: 'SetTcsRate', rateBps: 100 })
      .then([]);
  });

  it('may schedule a change for a later day, but not reach back before today in India', () => {
    given(taxPolicyDecider)
      .when({ ...change, type: 'SetTcsRate', rateBps: 100, effectiveFrom: '2027-04-01' })
      .then([{ type: 'TcsRateSet', data: { rateBps: 100, ...stamp, effectiveFrom: '2027-04-01' } }]);
    given(taxPolicyDecider)
      .when({ ...change, type: 'SetTcsRate', rateBps: 100, effectiveFrom: '2026-11-26' })
      .then({
        code: 'validation_failed',
        kind: 'invalid',
        fields: { effectiveFrom: 'A rate cannot change before today: pick today or a later day' },
      });
    // 19:00 UTC on the 27th is the 28th in India.
    given(taxPolicyDecider)
      .when({ ...change, at: '2026-11-27T19:00:00.000Z', type: 'SetTcsRate', rateBps: 100 })
      .then({ code: 'validation_failed', kind: 'invalid' });
  });

  const refused: [string, TaxPolicyCommand, string][] = [
    [
      'a date that is not one',
      { ...change, type: 'SetTcsRate', rateBps: 100, effectiveFrom: '2026-13-01' },
      'effectiveFrom',
    ],
    ['no source', { ...change, type: 'SetTcsRate', rateBps: 100, source: '  ' }, 'source'],
    ['a rate above 100%', { ...change, type: 'SetTcsRate', rateBps: 10_001 }, 'rateBps'],
    ['a fractional rate', { ...change, type: 'SetTcsRate', rateBps: 2.5 }, 'rateBps'],
    ['no slabs', { ...change, type: 'SetGstSlabs', slabsBps: [] }, 'slabsBps'],
    ['a slab twice', { ...change, type: 'SetGstSlabs', slabsBps: [500, 500] }, 'slabsBps'],
    ['a negative slab', { ...change, type: 'SetGstSlabs', slabsBps: [-500] }, 'slabsBps'],
    [
      'an HSN code of 5 digits',
      { ...change, type: 'SetCategoryTaxDefault', categoryId: 'spices', hsn: '09101', gstRateBps: 500 },
      'hsn',
    ],
    [
      'an HSN code of chapter 00',
      { ...change, type: 'SetCategoryTaxDefault', categoryId: 'spices', hsn: '0010', gstRateBps: 500 },
      'hsn',
    ],
    [
      'a SAC code of 5 digits',
      { ...change, type: 'SetServiceRate', service: 'commission', sac: '99621', rateBps: 1800 },
      'sac',
    ],
    [
      'an HSN code for a SAC',
      { ...change, type: 'SetServiceRate', service: 'delivery', sac: '490110', rateBps: 1800 },
      'sac',
    ],
    [
      'a service rate above 100%',
      { ...change, type: 'SetServiceRate', service: 'delivery', sac: '996812', rateBps: 10_001 },
      'rateBps',
    ],
    [
      'a rate that is no slab',
      { ...change, type: 'SetCategoryTaxDefault', categoryId: 'spices', hsn: '0910', gstRateBps: 1200 },
      'gstRateBps',
    ],
  ];
  it.each(refused)('refuses %s', (_, command, field) => {
    given(taxPolicyDecider).when(command).then({ code: 'validation_failed', kind: 'invalid' });
    expect(() => taxPolicyDecider.decide(command, INITIAL_TAX_POLICY)).toThrow(
      expect.objectContaining({ fields: expect.objectContaining({ [field]: expect.any(String) }) }),
    );
  });

  it('names the slabs in force when a default’s rate is none of them', () => {
    given(taxPolicyDecider)
      .when({ ...change, type: 'SetCategoryTaxDefault', categoryId: 'spices', hsn: '0910', gstRateBps: 1200 })
      .then({
        code: 'validation_failed',
        kind: 'invalid',
        message: 'GST rate 12% is not a slab in force on 2026-11-27 (3%, 5%, 18%, 40%)',
      });
  });

  it('is for admins only', () => {
    given(taxPolicyDecider)
      .when({ ...change, actor: actors.seller, type: 'SetTcsRate', rateBps: 100 })
      .then({ code: 'forbidden', kind: 'forbidden', message: 'Only an admin can change tax rates' });
  });
});
