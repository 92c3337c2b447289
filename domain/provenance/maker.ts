import canonicalize from 'canonicalize';
import { type Decider, DomainError } from '../decider.ts';
import { chainedEvent } from './chain.ts';
import { type MakerEvent, type MakerFields, makerStream } from './events.ts';
import { PROVENANCE_MESSAGES } from './schemas.ts';

/** Sent to stream `maker-{makerId}`, by the seller the maker belongs to. */
export type MakerCommand =
  | { type: 'AddMaker'; makerId: string; sellerId: string; fields: MakerFields; at: string }
  | { type: 'ChangeMaker'; makerId: string; sellerId: string; fields: MakerFields; at: string }
  | { type: 'RemoveMaker'; makerId: string; sellerId: string; at: string };

export type MakerState = {
  sellerId: string;
  fields: MakerFields;
  removed: boolean;
  lastHash: string;
} | null;

/** Field by field, whatever order a store gives the keys back in. */
const same = (a: MakerFields, b: MakerFields): boolean => canonicalize(a) === canonicalize(b);

export const makerDecider: Decider<MakerCommand, MakerState, MakerEvent> = {
  initialState: null,

  evolve(state, { type, data }) {
    const lastHash = data.chain.hash;
    if (type === 'MakerRemoved') return state && { ...state, removed: true, lastHash };
    const { makerId: _, sellerId, at: __, chain: ___, ...fields } = data;
    return { sellerId, fields, removed: false, lastHash };
  },

  decide(command, state) {
    const stream = makerStream(command.makerId);
    const { makerId, sellerId, at } = command;
    if (command.type === 'AddMaker') {
      if (state) throw new DomainError('maker_exists', PROVENANCE_MESSAGES.makerExists, 'conflict');
      return [
        chainedEvent<MakerEvent, 'MakerAdded'>(stream, null, 'MakerAdded', {
          makerId,
          sellerId,
          at,
          ...command.fields,
        }),
      ];
    }
    // Another seller's maker is not there for this one: the same 404 as a maker never added.
    if (!state || state.removed || state.sellerId !== sellerId)
      throw new DomainError('maker_not_found', PROVENANCE_MESSAGES.makerNotFound, 'not_found');
    if (command.type === 'RemoveMaker')
      return [
        chainedEvent<MakerEvent, 'MakerRemoved'>(stream, state.lastHash, 'MakerRemoved', { makerId, sellerId, at }),
      ];
    if (same(state.fields, command.fields)) return [];
    return [
      chainedEvent<MakerEvent, 'MakerChanged'>(stream, state.lastHash, 'MakerChanged', {
        makerId,
        sellerId,
        at,
        ...command.fields,
      }),
    ];
  },
};
