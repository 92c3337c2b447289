import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { given } from '../testing.ts';
import { checkChain } from './chain.ts';
import { makerStream } from './events.ts';
import { type MakerCommand, makerDecider } from './maker.ts';
import { RAMESH } from './provenance.fixtures.ts';

const at = '2026-11-01T10:00:00.000Z';
const add: MakerCommand = { type: 'AddMaker', makerId: 'm1', sellerId: 's1', fields: RAMESH, at };
const history = () => makerDecider.decide(add, null);

describe('the maker decider', () => {
  it('adds a maker as the first link of its chain', () => {
    const [added] = history();
    expect(added).toMatchObject({ type: 'MakerAdded', data: { makerId: 'm1', sellerId: 's1', ...RAMESH, at } });
    expect(added!.data.chain.previousHash).toBeNull();
    given(makerDecider, history()).when(add).then({ code: 'maker_exists', kind: 'conflict' });
  });

  it('replaces its fields, chained after the event before; the same fields again change nothing', () => {
    const change: MakerCommand = { ...add, type: 'ChangeMaker', fields: { ...RAMESH, craft: 'Zari' } };
    const [changed] = makerDecider.decide(change, fold(makerDecider, history()));
    expect(changed).toMatchObject({ type: 'MakerChanged', data: { craft: 'Zari' } });
    expect(changed!.data.chain.previousHash).toBe(history()[0]!.data.chain.hash);
    const events = [...history(), changed!].map((event, i) => ({ ...event, revision: i }));
    expect(checkChain(makerStream('m1'), events)).toEqual({ intact: true, events: 2 });
    given(makerDecider, history())
      .when({ ...add, type: 'ChangeMaker' })
      .then([]);
  });

  it("answers another seller's maker as not found, for a change or a removal, and a removed one too", () => {
    const notFound = { code: 'maker_not_found', kind: 'not_found' } as const;
    given(makerDecider, history())
      .when({ ...add, type: 'ChangeMaker', sellerId: 's2' })
      .then(notFound);
    given(makerDecider, history()).when({ type: 'RemoveMaker', makerId: 'm1', sellerId: 's2', at }).then(notFound);
    const removed = makerDecider.decide(
      { type: 'RemoveMaker', makerId: 'm1', sellerId: 's1', at },
      fold(makerDecider, history()),
    );
    expect(removed).toMatchObject([{ type: 'MakerRemoved' }]);
    given(makerDecider, [...history(), ...removed])
      .when({ ...add, type: 'ChangeMaker' })
      .then(notFound);
    given(makerDecider)
      .when({ ...add, type: 'ChangeMaker' })
      .then(notFound);
  });
});
