/** Categories: each created once (the seeded ones at every start), named by the products listed in them. */
import { type CategoryEvent, categoryStream } from '../../domain/catalog/events.ts';
import { WrongExpectedRevisionError } from '../../platform/eventstore/port.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

export interface NewCategory {
  id: string;
  name: string;
  description: string;
}

export const UNKNOWN_CATEGORY = 'Choose one of the categories';

/** The system creates a category: true when it did now, false when it existed (an earlier start, or another process). */
export async function createCategory(cx: CommandContext, { id, name, description }: NewCategory): Promise<boolean> {
  const created: CategoryEvent = {
    type: 'CategoryCreated',
    data: { categoryId: id, name, description, createdAt: cx.now() },
  };
  try {
    // Expected revision 'no_stream': a category id is unique.
    await cx.streams.append(categoryStream(id), [created], 'no_stream', { actor: 'system' });
    return true;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return false;
  }
}

/** A 400 unless the category exists: categories are created before any product names them, so the write side is asked, not the read model. */
export async function assertCategoryExists(cx: CommandContext, categoryId: string): Promise<void> {
  if ((await cx.streams.store.streamRevision(categoryStream(categoryId))) < 0) {
    throw new ApiError(400, 'validation_failed', UNKNOWN_CATEGORY, { categoryId: UNKNOWN_CATEGORY });
  }
}
