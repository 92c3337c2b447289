/**
 * Revisions of verified products: an admin approves or rejects the content changes a seller
 * sent for review, and an edit's answer says which of its changes wait for that review.
 */
import type { Actor } from '../../domain/actor.ts';
import { english } from '../../domain/i18n/message.ts';
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

/** A message about changes sent for review, followed by the saying that the rest was saved. */
const withOthersSaved = (message: string): string =>
  english(/*i18n*/ '{message} Your other changes are saved.', { message });

const FIELD_WORDS: Record<ContentField, string> = {
  name: /*i18n*/ 'name',
  description: /*i18n*/ 'description',
  categoryId: /*i18n*/ 'category',
  images: /*i18n*/ 'images',
  tags: /*i18n*/ 'tags',
  options: /*i18n*/ 'options',
  variants: /*i18n*/ 'variants',
};

/**
 * "Changes to the name wait…", "… the name and tags …", "… the name, description and tags …": one
 * template a length, so each field word is a value the reader's language names (three or more
 * keep the English commas of the first ones).
 */
export function waitingMessage(fields: readonly ContentField[]): string {
  const words = fields.map((field) => FIELD_WORDS[field]);
  if (words.length <= 1)
    return english(
      /*i18n*/ "Changes to the {field} wait for an admin's review; until then buyers see the product as it was approved.",
      { field: words[0] ?? '' },
    );
  return english(
    /*i18n*/ "Changes to the {fields} and {last} wait for an admin's review; until then buyers see the product as it was approved.",
    { fields: words.slice(0, -1).join(', '), last: words.at(-1)! },
  );
}

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
    const message = others ? withOthersSaved(waitingMessage(fields)) : waitingMessage(fields);
    return { review: { revisionId: submitted.data.revisionId, fields }, message };
  }
  if (events.some((event) => event.type === 'ProductRevisionWithdrawn')) {
    return {
      review: null,
      message: others ? withOthersSaved(EDIT_MESSAGES.withdrawn) : EDIT_MESSAGES.withdrawn,
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
