import { CATEGORIES } from '../../domain/catalog/categories.ts';
import { createCategory } from '../commands/categories.ts';
import type { CommandContext } from '../commands/context.ts';

/** Creates the seeded categories once (idempotent). */
export async function ensureCategories(cx: CommandContext): Promise<void> {
  for (const category of CATEGORIES) await createCategory(cx, category);
}
