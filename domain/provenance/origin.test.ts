import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { given } from '../testing.ts';
import { type OriginCommand, originDecider } from './origin.ts';

const state: OriginCommand = {
  type: 'StateOrigin',
  productId: 'p1',
  sellerId: 's1',
  makerIds: ['m1'],
  method: 'handloom',
  productionPartner: null,
  at: '2026-11-01T10:00:00.000Z',
};

describe('the origin decider', () => {
  it('records a product’s origin, and a change chained after it; the same statement again records nothing', () => {
    const first = originDecider.decide(state, null);
    expect(first).toMatchObject([{ type: 'ProductOriginStated', data: { makerIds: ['m1'], method: 'handloom' } }]);
    given(originDecider, first).when(state).then([]);
    const [changed] = originDecider.decide({ ...state, makerIds: ['m1', 'm2'] }, fold(originDecider, first));
    expect(changed!.data.chain.previousHash).toBe(first[0]!.data.chain.hash);
  });
});
