import type { Projection } from './projection.ts';

export const users: Projection = {
  name: 'users',
  collections: [],
  eventTypes: new Set(),
  async apply() {},
};
