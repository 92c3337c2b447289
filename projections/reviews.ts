import type { Projection } from './projection.ts';

export const reviews: Projection = {
  name: 'reviews',
  collections: [],
  eventTypes: new Set(),
  async apply() {},
};
