import { CATEGORIES } from '../../domain/catalog/categories.ts';
import { type CategoryEvent, categoryStream } from '../../domain/catalog/events.ts';
import { WrongExpectedRevisionError } from '../../platform/eventstore/port.ts';
import type { AppContext } from '../context.ts';

/** Appends the seeded categories once (idempotent). */
export async function ensureCategories(ctx: AppContext): Promise<void> {
  const createdAt = new Date().toISOString();
  for (const { id, name, description } of CATEGORIES) {
    const created: CategoryEvent = { type: 'CategoryCreated', data: { categoryId: id, name, description, createdAt } };
    try {
      await ctx.streams.append(categoryStream(id), [created], 'no_stream', { actor: 'system' });
    } catch (error) {
      // The stream exists: an earlier start (or another process) created the category.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
}
