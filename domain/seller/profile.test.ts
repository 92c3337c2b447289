import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { sellerDecider, sellerStatus } from './decider.ts';
import type { SellerProfile, SellerStreamEvent } from './events.ts';
import { PROFILE_MESSAGES, type UpdateSellerProfile, storefrontDecider } from './profile.ts';

const { seller, otherSeller, buyer, admin } = actors;
const sellerId = seller.userId;
const LATER = '2024-05-02T10:00:00.000Z';

const profile: SellerProfile = {
  displayName: 'Meera Weaves',
  region: 'Varanasi, Uttar Pradesh',
  craft: 'Banarasi silk weaving',
  story: 'Three generations at the loom.',
};
const update = (changes: Partial<UpdateSellerProfile> = {}): UpdateSellerProfile => ({
  type: 'UpdateSellerProfile',
  actor: seller,
  sellerId,
  profile,
  expectedVersion: null,
  at: AT,
  ...changes,
});
const updated = (by: string, written: SellerProfile = profile, at = AT): SellerStreamEvent => ({
  type: 'SellerProfileUpdated',
  data: { sellerId, ...written, by, at },
});
const suspended: SellerStreamEvent = {
  type: 'SellerSuspended',
  data: { sellerId, by: admin.userId, at: AT, reason: 'Counterfeit goods' },
};
const reinstated: SellerStreamEvent = {
  type: 'SellerReinstated',
  data: { sellerId, by: admin.userId, at: AT, reason: 'Cleared' },
};
const verified: SellerStreamEvent = {
  type: 'SellerVerified',
  data: { sellerId, by: admin.userId, at: AT, reason: null },
};

describe('UpdateSellerProfile', () => {
  it('writes the first version of the profile', () => {
    given(storefrontDecider)
      .when(update())
      .then([updated(seller.userId)]);
  });

  it('writes each change as a whole new version, by the seller or an admin', () => {
    const renamed = { ...profile, displayName: 'Meera Handlooms', story: null };
    given(storefrontDecider, [updated(seller.userId)])
      .when(update({ profile: renamed, at: LATER }))
      .then([updated(seller.userId, renamed, LATER)]);
    given(storefrontDecider, [updated(seller.userId)])
      .when(update({ actor: admin, profile: renamed, at: LATER }))
      .then([updated(admin.userId, renamed, LATER)]);
  });

  it('writes nothing when the profile is unchanged', () => {
    given(storefrontDecider, [updated(seller.userId)])
      .when(update())
      .then([]);
  });

  it('lets only the seller themselves or an admin edit', () => {
    const refused = { code: 'forbidden', kind: 'forbidden', message: PROFILE_MESSAGES.forbidden } as const;
    given(storefrontDecider)
      .when(update({ actor: otherSeller }))
      .then(refused);
    given(storefrontDecider)
      .when(update({ actor: buyer }))
      .then(refused);
    // The seller's own id without the seller role (revoked) is not enough.
    given(storefrontDecider)
      .when(update({ actor: { userId: sellerId, roles: ['buyer'] } }))
      .then(refused);
  });

  it('refuses a suspended seller, not an admin, until reinstated', () => {
    given(storefrontDecider, [suspended])
      .when(update())
      .then({ code: 'seller_suspended', kind: 'forbidden', message: PROFILE_MESSAGES.suspended });
    given(storefrontDecider, [suspended])
      .when(update({ actor: admin }))
      .then([updated(admin.userId)]);
    given(storefrontDecider, [suspended, reinstated])
      .when(update())
      .then([updated(seller.userId)]);
  });

  it('refuses an edit made from a version that is no longer the latest', () => {
    const conflict = { code: 'version_conflict', kind: 'conflict', message: PROFILE_MESSAGES.conflict } as const;
    given(storefrontDecider)
      .when(update({ expectedVersion: 1 }))
      .then(conflict);
    given(storefrontDecider, [updated(seller.userId)])
      .when(update({ expectedVersion: 0 }))
      .then(conflict);
    const renamed = { ...profile, displayName: 'Meera Handlooms' };
    given(storefrontDecider, [updated(seller.userId)])
      .when(update({ profile: renamed, expectedVersion: 1 }))
      .then([updated(seller.userId, renamed)]);
  });
});

it('counts the versions and follows the standing on the same stream', () => {
  const state = fold(storefrontDecider, [
    updated(seller.userId),
    verified,
    updated(admin.userId, { ...profile, craft: null }),
  ]);
  expect(state).toEqual({
    standing: { verified: true, suspended: false },
    profile: { ...profile, craft: null },
    version: 2,
  });
});

it('leaves the standing as it is when the seller decider folds profile edits', () => {
  expect(sellerStatus(fold(sellerDecider, [verified, updated(seller.userId)]))).toBe('verified');
});
