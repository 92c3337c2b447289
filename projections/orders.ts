import type { Projection } from './projection.ts';

export const orders: Projection = {
  name: 'orders',
  collections: [],
  eventTypes: new Set(),
  async apply() {},
};
