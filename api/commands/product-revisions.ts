/**
 * Revisions of verified products: an admin approves or rejects the content changes a seller
 * sent for review, and an edit's answer says which of its changes wait for that review.
 */
import type { Actor } from '../../domain/actor.ts';
import { type ProductCommand, productDecider } from '../../domain/product/decider.ts';
import { type ProductEvent, productStream } from '../../domain/product/events.ts';
import { CONTENT_FIELDS, type ContentField } from '../../domain/product/revision.ts';
import type { CommandContext } from './context.ts';

/** Content changes an edit sent for review: they go live once an admin approves them. */
export interface RevisionWaiting {
  revisionId: string;
  /** The fields that wait, as the API names them. */
  fields: ContentField[];
}

/** What an edit did, for its answer: the revision it left waiting (null when none) and the words for the seller. */
export interface EditOutcome {
  review: RevisionWaiting | null;
  message: string;
}

export const EDIT_MESSAGES = {
  saved: /*i18n*/ 'Your changes have been saved.',
  unchanged: /*i18n*/ 'Nothing to change: the product already reads like this.',
  withdrawn: /*i18n*/ 'Your changes waiting for review were withdrawn: the product stays as approved.',
  otherSaved: /*i18n*/ 'Your other changes are saved.',
} as const;

const FIELD_WORDS: Record<ContentField, string> = {
  name: 'name',
  description: 'description',
  categoryId: 'category',
  images: 'images',
  tags: 'tags',
  options: 'options',
  variants: 'variants',
};

/** "name", "name and tags", "name, description and tags" */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export const waitingMessage = (fields: readonly ContentField[]): string =>
  `Changes to the ${listed(fields.map((field) => FIELD_WORDS[field]))} wait for an admin's review; until then buyers see the product as it was approved.`;

/** The revision an edit sent, if it sent one. */
export const submittedRevision = (events: readonly ProductEvent[]) =>
  events.find(
    (event): event is Extract<ProductEvent, { type: 'ProductRevisionSubmitted' }> =>
      event.type === 'ProductRevisionSubmitted',
  );

/** What the events of an edit mean to its seller; `approvedAtOnce` when the server approved its revision itself (AUTO_VERIFY). */
export function editOutcome(events: readonly ProductEvent[], approvedAtOnce: boolean): EditOutcome {
  const submitted = submittedRevision(events);
  const others = events.some((event) => event.type === 'ProductUpdated' || event.type === 'StockAdjusted');
  if (submitted && !approvedAtOnce) {
    const fields = CONTENT_FIELDS.filter((field) => submitted.data.after[field] !== undefined);
    const message = others ? `${waitingMessage(fields)} ${EDIT_MESSAGES.otherSaved}` : waitingMessage(fields);
    return { review: { revisionId: submitted.data.revisionId, fields }, message };
  }
  if (events.some((event) => event.type === 'ProductRevisionWithdrawn')) {
    return {
      review: null,
      message: others ? `${EDIT_MESSAGES.withdrawn} ${EDIT_MESSAGES.otherSaved}` : EDIT_MESSAGES.withdrawn,
    };
  }
  return { review: null, message: events.length === 0 ? EDIT_MESSAGES.unchanged : EDIT_MESSAGES.saved };
}

async function decide(cx: CommandContext, actor: Actor, productId: string, command: ProductCommand) {
  const { position } = await cx.streams.handle(productStream(productId), productDecider, command, {
    actor: actor.userId,
  });
  return { id: productId, position };
}

/**
 * An admin approves the revision they reviewed, named by its id: if the seller has sent a
 * newer one since, this answers 409 rather than approve changes the admin has not seen.
 */
export const approveRevision = (cx: CommandContext, actor: Actor, productId: string, revisionId: string) =>
  decide(cx, actor, productId, { type: 'ApproveProductRevision', actor, revisionId, at: cx.now() });

/** An admin rejects a revision with a reason its seller sees; the product stays as approved. */
export const rejectRevision = (
  cx: CommandContext,
  actor: Actor,
  productId: string,
  revisionId: string,
  reason: string,
) => decide(cx, actor, productId, { type: 'RejectProductRevision', actor, revisionId, reason, at: cx.now() });
