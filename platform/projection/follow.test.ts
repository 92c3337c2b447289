import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory.ts';
import { loadAndFollow } from './follow.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from './projection.ts';

const notice = (position: number): ChangeNotice => ({ projection: 'catalog', position, changes: [] });

describe('loadAndFollow', () => {
  it('hands on the notices that arrive during the load after it, in order, then the later ones as they come', async () => {
    const bus = new MemoryBus();
    const taken: Array<[string, number]> = [];
    const { unsubscribe } = await loadAndFollow(
      bus,
      async () => {
        await bus.publish(CHANGES_CHANNEL, notice(1));
        await bus.publish(CHANGES_CHANNEL, notice(2));
        expect(taken).toEqual([]);
        return 'loaded';
      },
      (loaded, { position }) => taken.push([loaded, position]),
    );
    expect(taken).toEqual([
      ['loaded', 1],
      ['loaded', 2],
    ]);
    await bus.publish(CHANGES_CHANNEL, notice(3));
    expect(taken.at(-1)).toEqual(['loaded', 3]);
    await unsubscribe();
    await bus.publish(CHANGES_CHANNEL, notice(4));
    expect(taken).toHaveLength(3);
  });

  it('unsubscribes when the load fails', async () => {
    const bus = new MemoryBus();
    const taken: ChangeNotice[] = [];
    const failing = loadAndFollow(
      bus,
      () => Promise.reject(new Error('read store down')),
      (_, n) => taken.push(n),
    );
    await expect(failing).rejects.toThrow('read store down');
    await bus.publish(CHANGES_CHANNEL, notice(1));
    expect(taken).toEqual([]);
  });
});
