import type { Bus } from '../bus/port.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from './projection.ts';

/** What was loaded, kept current by the change notices handed on from then. */
export interface Followed<T> {
  loaded: T;
  unsubscribe(): Promise<void>;
}

/**
 * Loads a state and follows the projections' change notices from it. It subscribes before
 * loading, so that no notice falls between the load and the subscription: the notices that
 * arrive while `load` runs are held and handed to `take` in order once it is done, the later
 * ones as they arrive. A notice the load already holds is for `take` to skip. A failed load
 * unsubscribes.
 */
export async function loadAndFollow<T>(
  bus: Bus,
  load: () => Promise<T>,
  take: (loaded: T, notice: ChangeNotice) => void,
): Promise<Followed<T>> {
  let held: ChangeNotice[] | null = [];
  let loaded: T;
  const unsubscribe = await bus.subscribe<ChangeNotice>(CHANGES_CHANNEL, (notice) =>
    held ? held.push(notice) : take(loaded, notice),
  );
  try {
    loaded = await load();
    for (const notice of held) take(loaded, notice);
  } catch (error) {
    await unsubscribe();
    throw error;
  }
  held = null;
  return { loaded, unsubscribe };
}
