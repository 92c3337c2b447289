/** Reads of the categories read model (the `categories` collection). */
import type { ReadStore } from '../../platform/readstore/port.ts';
import { COLLECTIONS, type CategoryDoc } from '../../projections/models.ts';

const categories = (read: ReadStore) => read.collection<CategoryDoc>(COLLECTIONS.categories);

/** Every category by name, with its product count. */
export const categoriesByName = (read: ReadStore): Promise<CategoryDoc[]> =>
  categories(read).find({ sort: [['name', 'asc']] });
