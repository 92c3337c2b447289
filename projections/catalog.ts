import type { Projection } from './projection.ts';

export const catalog: Projection = {
  name: 'catalog',
  collections: [],
  eventTypes: new Set(),
  async apply() {},
};
