/**
 * When a new message is mailed to the other party: when they are away. They are away when they
 * have not read the thread (or written in it) in the AWAY_MINUTES before the message; one who
 * has sees it live and is not mailed. One mail per run of unread messages: only the first
 * message after their last read is mailed, so a burst of messages is one mail. Decided from the
 * thread's events alone (the times their commands were given by the clock), so a retried or
 * replayed job decides the same.
 */
import type { Thread } from './decider.ts';
import { otherParty } from './events.ts';

export const AWAY_MINUTES = 5;
const AWAY_MS = AWAY_MINUTES * 60_000;

/** The party a message is mailed to and its user id; null when no mail is due (any more). */
export function mailDue(thread: Thread, messageId: string): { to: string } | null {
  const index = thread.messages.findIndex((m) => m.messageId === messageId);
  const message = thread.messages[index];
  if (!message || message.mailed) return null;
  const reader = otherParty(message.from);
  const { through, at } = thread.read[reader];
  // Read already, or not the first of its run.
  if (through !== index) return null;
  const present = at !== null && Date.parse(message.at) - Date.parse(at) < AWAY_MS;
  if (present) return null;
  return { to: reader === 'buyer' ? thread.parties.buyerId : thread.parties.sellerId };
}
