/** Reads of the categories read model. */
import type { ReadStore } from '../../platform/readstore/port.ts';
import { CATEGORIES } from '../catalog/projection.ts';
import type { CategoryDoc } from './documents.ts';

const categories = (read: ReadStore) => read.collection<CategoryDoc>(CATEGORIES);

/** Every category by name, with its product count. */
export const categoriesByName = (read: ReadStore): Promise<CategoryDoc[]> =>
  categories(read).find({ sort: [['name', 'asc']] });
