import type { Projection } from './projection.ts';

export const notifications: Projection = {
  name: 'notifications',
  collections: [],
  eventTypes: new Set(),
  async apply() {},
};
