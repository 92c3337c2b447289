import canonicalize from 'canonicalize';
import type { Decider } from '../decider.ts';
import { chainedEvent } from './chain.ts';
import { type MakingMethod, type OriginEvent, originStream } from './events.ts';

/**
 * Sent to stream `origin-{productId}` by the product's seller. The API has checked that the
 * product is the seller's and the makers the seller's own, not removed (they live in other streams).
 */
export type OriginCommand = {
  type: 'StateOrigin';
  productId: string;
  sellerId: string;
  makerIds: string[];
  method: MakingMethod;
  productionPartner: string | null;
  at: string;
};

export type OriginState = { statement: string; lastHash: string } | null;

/** What a statement says, whatever the order of its keys. */
const statement = ({
  makerIds,
  method,
  productionPartner,
}: Pick<OriginCommand, 'makerIds' | 'method' | 'productionPartner'>) =>
  canonicalize({ makerIds, method, productionPartner }) ?? '';

export const originDecider: Decider<OriginCommand, OriginState, OriginEvent> = {
  initialState: null,

  evolve: (_, { data }) => ({ statement: statement(data), lastHash: data.chain.hash }),

  decide(command, state) {
    // Stating the same origin again records nothing: the history shows only changes.
    if (state?.statement === statement(command)) return [];
    const { productId, sellerId, makerIds, method, productionPartner, at } = command;
    return [
      chainedEvent<OriginEvent, 'ProductOriginStated'>(
        originStream(productId),
        state?.lastHash ?? null,
        'ProductOriginStated',
        {
          productId,
          sellerId,
          makerIds,
          method,
          productionPartner,
          at,
        },
      ),
    ];
  },
};
