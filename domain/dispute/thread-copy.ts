/**
 * What of a help request's step is posted in the seller order's conversation, so buyer and
 * seller talk in one place: the buyer's request (with its photos), the seller's answers and
 * resolution, the buyer's taking it to MIBI. MIBI's decision is not a party's message: both
 * read it on the help request. The message is posted as its party's (workers/help-thread.ts).
 */
import type { Party } from '../conversation/events.ts';
import { formatInr } from '../money.ts';
import type { ProductImage } from '../product/image.ts';
import { type HelpEvent, HELP_REASON_LABELS } from './events.ts';

export interface ThreadCopy {
  from: Party;
  text: string;
  images: ProductImage[];
}

const RESOLVED: Readonly<Record<'replacement' | 'return', string>> = {
  replacement: 'I will send a replacement',
  return: 'Please return it: ask for the return from your order',
};

export function threadCopyOf(event: HelpEvent): ThreadCopy | null {
  switch (event.type) {
    case 'HelpRequested': {
      const { reason, text, images } = event.data;
      return { from: 'buyer', text: `${HELP_REASON_LABELS[reason]}: ${text}`, images };
    }
    case 'HelpAnswered':
      return { from: 'seller', text: event.data.text, images: [] };
    case 'HelpResolved': {
      const { resolution, refund, text } = event.data;
      const offer = resolution === 'refund' ? `I refund ${formatInr(refund?.amountPaise ?? 0)}` : RESOLVED[resolution];
      return { from: 'seller', text: `${offer}. ${text}`, images: [] };
    }
    case 'HelpEscalated':
      return { from: 'buyer', text: `I asked MIBI to decide: ${event.data.text}`, images: [] };
    case 'DisputeDecided':
      return null;
  }
}
