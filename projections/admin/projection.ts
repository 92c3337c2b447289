import type { AccountEvent } from '../../domain/account/events.ts';
import { sellerDecider, sellerStatus } from '../../domain/seller/decider.ts';
import type { SellerEvent, SellerTaxProfileEvent } from '../../domain/seller/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { AdminSellerDoc, SellerAction } from './documents.ts';

export const ADMIN_SELLERS = 'admin_sellers';

type AdminEvent =
  | SellerEvent
  | SellerTaxProfileEvent
  | Extract<AccountEvent, { type: 'AccountRegistered' | 'RoleAdded' | 'RoleRemoved' }>;

const ACTIONS: Record<SellerEvent['type'], SellerAction> = {
  SellerVerified: 'verified',
  SellerSuspended: 'suspended',
  SellerReinstated: 'reinstated',
};

async function update(
  work: UnitOfWork,
  id: string,
  change: (seller: AdminSellerDoc) => Partial<AdminSellerDoc>,
): Promise<void> {
  const seller = await work.get<AdminSellerDoc>(ADMIN_SELLERS, id);
  if (seller) work.put<AdminSellerDoc>(ADMIN_SELLERS, { ...seller, ...change(seller) });
}

/** The standing after the event, as the write side folds it, and the decision added to the history. */
function standingAfter(seller: AdminSellerDoc, event: SellerEvent): Partial<AdminSellerDoc> {
  const standing = sellerDecider.evolve({ verified: seller.verified, suspended: seller.suspended }, event);
  const { reason, by, at } = event.data;
  return {
    ...standing,
    status: sellerStatus(standing),
    history: [...seller.history, { action: ACTIONS[event.type], reason, by, at }],
  };
}

/** The sellers of the admin console: who sells, their standing and the decisions that led to it, and their tax profile. */
export const admin: Projection = {
  name: 'admin',
  // 2: the tax profile.
  version: 2,
  collections: [{ name: ADMIN_SELLERS, indexes: [['isSeller', 'status', 'registeredAt']] }],
  eventTypes: new Set<AdminEvent['type']>([
    'AccountRegistered',
    'RoleAdded',
    'RoleRemoved',
    ...(Object.keys(ACTIONS) as SellerEvent['type'][]),
    'SellerTaxProfileSet',
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as AdminEvent;
    switch (event.type) {
      case 'AccountRegistered': {
        const { userId, fullName, email, role, registeredAt } = event.data;
        const standing = sellerDecider.initialState;
        work.put<AdminSellerDoc>(ADMIN_SELLERS, {
          id: userId,
          fullName,
          email,
          registeredAt,
          isSeller: role === 'seller',
          ...standing,
          status: sellerStatus(standing),
          history: [],
          taxProfile: null,
        });
        return;
      }
      case 'RoleAdded':
      case 'RoleRemoved':
        if (event.data.role !== 'seller') return;
        return update(work, event.data.userId, () => ({ isSeller: event.type === 'RoleAdded' }));
      case 'SellerTaxProfileSet':
        return update(work, event.data.sellerId, () => ({ taxProfile: event.data.profile }));
      default:
        return update(work, event.data.sellerId, (seller) => standingAfter(seller, event));
    }
  },
};
