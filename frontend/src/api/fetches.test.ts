import { describe, expect, it } from 'vitest';
import { type Outcome, oneFetchAtATime } from './fetches.ts';

/** Lets an answer be applied and any fetch it leads to start. */
async function settled() {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
}

/** A server whose answers the test gives one by one: each fetch waits for `answer`. */
function server() {
  const asked: (number | undefined)[] = [];
  const pending: ((value: string) => void)[] = [];
  const fetch = (after?: number) => {
    asked.push(after);
    return new Promise<string>((resolve) => pending.push(resolve));
  };
  const answer = async (value: string) => {
    pending.shift()?.(value);
    await settled();
  };
  return { asked, fetch, answer, waiting: () => pending.length };
}

function applied() {
  const values: string[] = [];
  const apply = (outcome: Outcome<string>) => void values.push(outcome.ok ? outcome.value : 'failed');
  return { values, apply };
}

describe('oneFetchAtATime', () => {
  it('fetches again after the first answer when a change came while it was in flight', async () => {
    const { asked, fetch, answer } = server();
    const { values, apply } = applied();
    const fetches = oneFetchAtATime(fetch, apply);

    void fetches.request();
    fetches.changed(); // a live event before the first answer: that answer may predate it
    await answer('before the change');
    await answer('after the change');

    expect(asked).toEqual([undefined, undefined]);
    expect(values).toEqual(['before the change', 'after the change']);
  });

  it('coalesces the changes and requests made meanwhile into one fetch, after the furthest position', async () => {
    const { asked, fetch, answer, waiting } = server();
    const { values, apply } = applied();
    const fetches = oneFetchAtATime(fetch, apply);

    const first = fetches.request();
    fetches.changed();
    const second = fetches.request(7);
    fetches.changed();
    const third = fetches.request(3);
    expect(second).toBe(third);
    await answer('one');
    await first;
    expect(waiting()).toBe(1);
    await answer('two');
    await third;

    expect(asked).toEqual([undefined, 7]);
    expect(values).toEqual(['one', 'two']);
  });

  it('fetches nothing for a change while none is in flight', async () => {
    const { asked, fetch, answer } = server();
    const { values, apply } = applied();
    const fetches = oneFetchAtATime(fetch, apply);

    void fetches.request();
    await answer('current');
    fetches.changed();

    expect(asked).toEqual([undefined]);
    expect(values).toEqual(['current']);
  });

  it('hands on a failure, and fetches again after it when a change came meanwhile', async () => {
    const { values, apply } = applied();
    let calls = 0;
    const fetches = oneFetchAtATime(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return 'back';
    }, apply);

    void fetches.request();
    fetches.changed();
    await settled();

    expect(calls).toBe(2);
    expect(values).toEqual(['failed', 'back']);
  });

  it('drops the answers that come after a stop, and fetches no more', async () => {
    const { asked, fetch, answer } = server();
    const { values, apply } = applied();
    const fetches = oneFetchAtATime(fetch, apply);

    void fetches.request();
    fetches.changed();
    fetches.stop();
    await answer('too late');
    await fetches.request();

    expect(asked).toEqual([undefined]);
    expect(values).toEqual([]);
  });
});
