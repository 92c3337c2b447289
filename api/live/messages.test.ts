import { describe, expect, it } from 'vitest';
import { STOREFRONT_ACCOUNTS, STOREFRONTS } from '../../projections/storefronts/projection.ts';
import { describeEvents, LiveMessages } from './messages.ts';
import type { StorefrontDoc } from '../../projections/storefronts/documents.ts';
import { REGISTERED } from '../../domain/seller/tax-profile.fixtures.ts';

const storefront: StorefrontDoc = {
  id: 'seller-1',
  isSeller: true,
  displayName: 'Meera Handlooms',
  region: 'Varanasi',
  craft: 'Silk weaving',
  story: 'Three generations at the loom.',
  verified: true,
  suspended: false,
  status: 'verified',
  ratingCount: 2,
  ratingSum: 9,
  rating: 4.5,
  version: 3,
  taxProfile: REGISTERED,
  taxProfileVersion: 1,
  joinedAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
};

describe('storefront messages', () => {
  const messagesOf = (doc: StorefrontDoc) =>
    new LiveMessages(new Set()).of([{ collection: STOREFRONTS, id: doc.id, doc }]);

  it('sends an open storefront to everyone as GET /api/sellers/{id} gives it', () => {
    const [message] = messagesOf(storefront);
    expect(message).toMatchObject({ event: 'storefront.changed', audience: null });
    const {
      isSeller: _,
      verified: __,
      suspended: ___,
      ratingSum: ____,
      taxProfile: _____,
      taxProfileVersion: ______,
      ...shown
    } = storefront;
    expect(JSON.parse(message!.data)).toEqual(shown);
  });

  it("tells of a suspended seller's or a former seller's storefront by its id alone", () => {
    for (const hidden of [
      { ...storefront, suspended: true, status: 'suspended' as const },
      { ...storefront, isSeller: false },
    ]) {
      expect(messagesOf(hidden)).toEqual([
        { event: 'storefront.removed', data: JSON.stringify({ id: 'seller-1' }), audience: null },
      ]);
    }
  });

  it('makes none of the accounts the projection keeps beside them', () => {
    expect(LiveMessages.translates(STOREFRONTS)).toBe(true);
    expect(LiveMessages.translates(STOREFRONT_ACCOUNTS)).toBe(false);
  });
});

describe('the API description of the events', () => {
  it('lists each event of every slice once, with its data and audience', () => {
    const lines = describeEvents().split('\n');
    expect(lines).toHaveLength(22);
    expect(lines).toContain(
      '- `buyer-notification.changed` (the notification of a saved product, new or read): to its buyer;',
    );
    expect(lines).toContain('- `seller-product.changed` (the whole product, on sale or not): to its seller;');
    expect(lines).toContain('- `product.removed` (`{ id }`): to everyone;');
    expect(lines).toContain('- `admin.order.changed` (`{ id }` of the purchase): to every admin;');
    expect(lines).toContain('- `catalogImport.progress` (the import without its notes): to its seller;');
    expect(lines).toContain('- `thread.changed` (the thread (its counts; the messages are fetched)): to its buyer;');
    expect(lines).toContain('- `dispute.changed` (a help request taken to MIBI): to every admin;');
    expect(lines).toContain(
      '- `reference-rates.changed` (`{ id }`: a rate was recorded; GET /api/reference-rates gives the rates in effect): to everyone;',
    );
    expect(new Set(lines).size).toBe(lines.length);
  });
});
