import type { Actor } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { ProductImage } from '../product/image.ts';
import { type ThreadReader, threadReader } from './access.ts';
import type { Party, ThreadEvent, ThreadParties } from './events.ts';

/** What the thread keeps of a message: enough to decide its e-mail. */
export interface ThreadMessage {
  messageId: string;
  from: Party;
  at: string;
  mailed: boolean;
}

export interface Thread {
  parties: ThreadParties;
  messages: ThreadMessage[];
  /** How many of the messages each party has read (its own count as read), and when it last read. */
  read: Record<Party, { through: number; at: string | null }>;
}

export type ThreadState = Thread | null;

/**
 * Sent to stream `thread-{sellerOrderId}`. `parties` come from the seller order (the command
 * handler reads them from the order's stream); `disputeOpen` from the disputes.
 */
export type ThreadCommand =
  | {
      type: 'PostMessage';
      actor: Actor;
      parties: ThreadParties;
      messageId: string;
      text: string;
      images: ProductImage[];
      /** A help request's step posted in its name (the same message id posts once). */
      helpId?: string;
      at: string;
    }
  | { type: 'MarkThreadRead'; actor: Actor; parties: ThreadParties; at: string }
  | { type: 'RecordMessageMailed'; messageId: string; to: string; at: string }
  | { type: 'RecordStaffRead'; actor: Actor; parties: ThreadParties; disputeOpen: boolean; at: string };

export const threadNotFound = (): DomainError =>
  new DomainError('not_found', /*i18n*/ 'Conversation not found', 'not_found');

/** The party `actor` is on, or not found: staff write nothing to a thread, and a stranger is not told it exists. */
function partyOf(actor: Actor, parties: ThreadParties): Party {
  const reader: ThreadReader = threadReader(actor, parties, false);
  if (reader !== 'buyer' && reader !== 'seller') throw threadNotFound();
  return reader;
}

const unreadOf = (thread: Thread | null, party: Party): number =>
  thread ? thread.messages.length - thread.read[party].through : 0;

export const threadDecider: Decider<ThreadCommand, ThreadState, ThreadEvent> = {
  initialState: null,

  evolve(state, event) {
    switch (event.type) {
      case 'ThreadMessagePosted': {
        const { sellerOrderId, orderId, buyerId, sellerId, messageId, from, at } = event.data;
        const thread: Thread = state ?? {
          parties: { sellerOrderId, orderId, buyerId, sellerId },
          messages: [],
          read: { buyer: { through: 0, at: null }, seller: { through: 0, at: null } },
        };
        // A help request's step is told by the help's own notice, never by a message mail.
        const mailed = event.data.helpId !== undefined;
        const messages = [...thread.messages, { messageId, from, at, mailed }];
        // Its author has read the thread up to their own message.
        return { ...thread, messages, read: { ...thread.read, [from]: { through: messages.length, at } } };
      }
      case 'ThreadRead': {
        if (!state) return state;
        const { party, through, at } = event.data;
        return { ...state, read: { ...state.read, [party]: { through, at } } };
      }
      case 'ThreadMessageMailed':
        return (
          state && {
            ...state,
            messages: state.messages.map((m) => (m.messageId === event.data.messageId ? { ...m, mailed: true } : m)),
          }
        );
      case 'ThreadReadByStaff':
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'PostMessage': {
        const { actor, parties, messageId, text, images, helpId, at } = command;
        const from = partyOf(actor, parties);
        if (state?.messages.some((m) => m.messageId === messageId)) return [];
        const help = helpId === undefined ? {} : { helpId };
        return [{ type: 'ThreadMessagePosted', data: { ...parties, messageId, from, text, images, ...help, at } }];
      }
      case 'MarkThreadRead': {
        const party = partyOf(command.actor, command.parties);
        if (!state || unreadOf(state, party) === 0) return [];
        const through = state.messages.length;
        return [
          {
            type: 'ThreadRead',
            data: { sellerOrderId: command.parties.sellerOrderId, party, through, at: command.at },
          },
        ];
      }
      case 'RecordMessageMailed': {
        const message = state?.messages.find((m) => m.messageId === command.messageId);
        if (!state || !message) throw threadNotFound();
        if (message.mailed) return [];
        const { messageId, to, at } = command;
        return [
          { type: 'ThreadMessageMailed', data: { sellerOrderId: state.parties.sellerOrderId, messageId, to, at } },
        ];
      }
      case 'RecordStaffRead': {
        const { actor, parties, disputeOpen, at } = command;
        if (threadReader(actor, parties, disputeOpen) !== 'staff') throw threadNotFound();
        return [{ type: 'ThreadReadByStaff', data: { sellerOrderId: parties.sellerOrderId, by: actor.userId, at } }];
      }
    }
  },
};
