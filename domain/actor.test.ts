import { describe, expect, it } from 'vitest';
import { primaryRole } from './actor.ts';

describe('primaryRole', () => {
  it.each([
    [['buyer'], 'buyer'],
    [['seller'], 'seller'],
    [['buyer', 'seller'], 'seller'],
    [['seller', 'admin', 'buyer'], 'admin'],
    [['buyer', 'analyst'], 'analyst'],
    [['seller', 'analyst'], 'analyst'],
    [['analyst', 'admin'], 'admin'],
    [[], 'buyer'],
  ] as const)('picks the dashboard of %j: %s', (roles, role) => {
    expect(primaryRole(roles)).toBe(role);
  });
});
