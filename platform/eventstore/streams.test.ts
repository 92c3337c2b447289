import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from './sqlite.ts';
import { StreamContendedError, type StreamDecider, Streams, isOneOf } from './streams.ts';

type CounterEvent = { type: 'Counted'; data: { by: number } };
type Count = { type: 'Count'; by: number; upTo: number };

/** Counts up to a limit: a command on a state past it decides nothing. */
const counter: StreamDecider<Count, number, CounterEvent> = {
  initialState: 0,
  evolve: (total, { data }) => total + data.by,
  decide: ({ by, upTo }, total) => (total + by > upTo ? [] : [{ type: 'Counted', data: { by } }]),
};

let store: SqliteEventStore;
let streams: Streams;
beforeEach(() => {
  store = new SqliteEventStore(':memory:');
  streams = new Streams(store);
});
afterEach(() => store.close());

describe('Streams', () => {
  it('folds, decides and appends with the metadata; a command with nothing to do appends nothing', async () => {
    const metadata = { actor: 'meera', correlationId: 'c-1', causationId: 'e-1' };
    const first = await streams.handle('counter-1', counter, { type: 'Count', by: 2, upTo: 3 }, metadata);
    expect(first).toMatchObject({ events: [{ type: 'Counted', data: { by: 2 } }], revision: 0 });
    const second = await streams.handle('counter-1', counter, { type: 'Count', by: 2, upTo: 3 }, metadata);
    expect(second).toEqual({ events: [], revision: 0, position: first.position });
    const [recorded] = await streams.read<CounterEvent>('counter-1');
    expect(recorded!.data.by).toBe(2);
    expect(recorded!.metadata).toMatchObject(metadata);
  });

  it('records the version each type is written at, wherever it appends; none when it knows none', async () => {
    const versioned = new Streams(store, { schemaVersion: (type) => (type === 'Counted' ? 3 : undefined) });
    await versioned.handle('counter-v', counter, { type: 'Count', by: 1, upTo: 9 }, { actor: null });
    await versioned.append('other-v', [{ type: 'Uncatalogued', data: {} }], 'no_stream', { actor: null });
    await versioned.handleAlongside(
      'counter-w',
      counter,
      { type: 'Count', by: 1, upTo: 9 },
      { actor: null },
      async () => ({
        stream: 'tally-v',
        events: [{ type: 'Counted', data: { by: 1 } }],
        expectedRevision: 'no_stream',
      }),
    );
    const version = async (stream: string) => (await store.readStream(stream))[0]!.metadata.schemaVersion;
    expect(await version('counter-v')).toBe(3);
    expect(await version('counter-w')).toBe(3);
    expect(await version('tally-v')).toBe(3);
    expect('schemaVersion' in (await store.readStream('other-v'))[0]!.metadata).toBe(false);
  });

  it('serialises commands on one stream in this process', async () => {
    const count = { type: 'Count', by: 1, upTo: 10 } as const;
    await Promise.all(Array.from({ length: 5 }, () => streams.handle('counter-2', counter, count, { actor: null })));
    expect((await streams.load('counter-2', counter)).state).toBe(5);
  });

  it('re-reads and re-decides when another process appended meanwhile', async () => {
    const count = { type: 'Count', by: 1, upTo: 2 } as const;
    await streams.handle('counter-3', counter, count, { actor: null });
    const other = new Streams(store);
    await other.handle('counter-3', counter, count, { actor: null });
    // This process's cached state is one behind: the append conflicts, and the command decided again finds the limit reached.
    const result = await streams.handle('counter-3', counter, count, { actor: null });
    expect(result.events).toEqual([]);
    expect((await streams.load('counter-3', counter)).state).toBe(2);
  });

  it('gives up with StreamContendedError when the stream changes under every attempt', async () => {
    const append = store.append.bind(store);
    // Another process appends just before each of this one's appends.
    store.append = async (stream, events, expected) => {
      await append(stream, [{ type: 'Counted', data: { by: 0 } }], 'any');
      return append(stream, events, expected);
    };
    const attempt = streams.handle('counter-4', counter, { type: 'Count', by: 1, upTo: 1000 }, { actor: null });
    await expect(attempt).rejects.toBeInstanceOf(StreamContendedError);
  });
});

describe('Streams.handleAlongside', () => {
  /** A tally of every count, kept beside the counters: what the other stream holds when `alongside` reads it. */
  const tally = async () => (await streams.load('tally', counter)).state;
  const alongside = async () => {
    const { revision } = await streams.load('tally', counter);
    return {
      stream: 'tally',
      events: [{ type: 'Counted', data: { by: 1 } }],
      expectedRevision: revision === -1 ? ('no_stream' as const) : revision,
    };
  };

  it('appends the other stream’s events with the command’s, and decides again when the other stream moved meanwhile', async () => {
    const count = { type: 'Count', by: 1, upTo: 10 } as const;
    await streams.handleAlongside('counter-a', counter, count, { actor: null }, alongside);
    expect(await tally()).toBe(1);
    // Another process counts in the tally after this one read it, before this one appends.
    let raced = false;
    const racing = async () => {
      const read = await alongside();
      if (!raced) {
        raced = true;
        await new Streams(store).handle('tally', counter, { type: 'Count', by: 5, upTo: 100 }, { actor: null });
      }
      return read;
    };
    const result = await streams.handleAlongside('counter-b', counter, count, { actor: null }, racing);
    expect(result.revision).toBe(0);
    expect(await tally()).toBe(7);
    expect((await store.readStream('counter-b')).length).toBe(1);
  });

  it('appends nothing anywhere when the other stream refuses', async () => {
    const count = { type: 'Count', by: 1, upTo: 10 } as const;
    const refuse = async () => {
      throw new Error('taken');
    };
    await expect(streams.handleAlongside('counter-c', counter, count, { actor: null }, refuse)).rejects.toThrow(
      'taken',
    );
    expect(await store.streamRevision('counter-c')).toBe(-1);
  });
});

describe('isOneOf', () => {
  it('takes a recorded event as the domain event its type names', async () => {
    await streams.handle('counter-5', counter, { type: 'Count', by: 3, upTo: 5 }, { actor: null });
    const [recorded] = await store.readStream('counter-5');
    const counted = new Set(['Counted'] as const);
    expect(isOneOf<CounterEvent>(recorded!, counted) && recorded.data.by).toBe(3);
    expect(isOneOf<CounterEvent>({ ...recorded!, type: 'Reset' }, counted)).toBe(false);
  });
});
