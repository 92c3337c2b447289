/**
 * Help requests and disputes (domain/dispute): the buyer asks for help with a seller order, the
 * seller answers or resolves it, the buyer takes it to MIBI, an admin decides. Every step is
 * decided by the order decider on the purchase's stream, so a refund it gives is owed (and, paid
 * online, made by the refund worker) like a cancel's, and the seller order's transfer is held
 * while the dispute is open. The mails and the thread's copy of each step are effects of the
 * log (workers/notify-parties.ts, workers/help-thread.ts), never sent from here.
 */
import type { Actor } from '../../domain/actor.ts';
import { isAdmin } from '../../domain/actor.ts';
import type { DisputeCheck } from '../../domain/conversation/access.ts';
import { sellerOrderIdOfHelp } from '../../domain/dispute/events.ts';
import { type HelpCommand, disputeOpen, helpNotFound } from '../../domain/dispute/help.ts';
import type { AskForHelpInput, DisputeDecisionInput, HelpResolutionInput } from '../../domain/dispute/schemas.ts';
import { orderDecider } from '../../domain/order/decider.ts';
import { orderStream } from '../../domain/order/events.ts';
import { parseSellerOrderId } from '../../domain/order/status.ts';
import type { HelpRequestDoc } from '../../projections/help-requests/documents.ts';
import { helpRequest } from '../../projections/help-requests/queries.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { ApiError } from '../http/errors.ts';
import type { OrderDoc } from '../../projections/orders/documents.ts';
import type { ThreadView } from '../../projections/threads/documents.ts';
import { commissionRates } from './category-policy.ts';
import type { CommandContext } from './context.ts';
import { type ThreadReadContext, imagesOf, readThread } from './conversations.ts';
import { type OrderCommandContext, readPurchase } from './orders.ts';

export interface HelpStepResult {
  helpId: string;
  position: number;
}

const orderNotFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Order not found');

/** The purchase of a seller order id; a 404 for an id that names none. */
function purchaseOf(sellerOrderId: string | null): string {
  const orderId = sellerOrderId === null ? undefined : parseSellerOrderId(sellerOrderId)?.orderId;
  if (orderId === undefined) throw orderNotFound();
  return orderId;
}

/** The seller order of a help id; a 404 for an id that names none. */
function sellerOrderOf(helpId: string): string {
  const sellerOrderId = sellerOrderIdOfHelp(helpId);
  if (sellerOrderId === null) throw helpNotFound();
  return sellerOrderId;
}

/** Decides a help command on the purchase's stream. */
async function decide(cx: CommandContext, actor: Actor, command: HelpCommand): Promise<number> {
  const orderId = purchaseOf(command.sellerOrderId);
  const metadata = { actor: actor.userId, correlationId: orderId };
  return (await cx.streams.handle(orderStream(orderId), orderDecider, command, metadata)).position;
}

/** The commission on the seller order's categories now: what a refund before delivery is split at. */
async function ratesOf(cx: OrderCommandContext, sellerOrderId: string) {
  const { state } = await cx.streams.load(orderStream(purchaseOf(sellerOrderId)), orderDecider);
  const part = state?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  if (!part) throw orderNotFound();
  return commissionRates(
    cx,
    part.lines.map((line) => line.categoryId),
    cx.policy,
  );
}

/** The buyer asks for help with a seller order: what went wrong, their words, their photos (uploads to its thread). */
export async function askForHelp(
  cx: CommandContext,
  actor: Actor,
  sellerOrderId: string,
  input: AskForHelpInput,
): Promise<HelpStepResult> {
  const orderId = purchaseOf(sellerOrderId);
  const images = await imagesOf(cx, actor, input.images);
  const command = { type: 'AskForHelp', actor, sellerOrderId, ...input, images, at: cx.now() } as const;
  const position = await decide(cx, actor, command);
  const { state } = await cx.streams.load(orderStream(orderId), orderDecider);
  const helps = state?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId)?.helps ?? [];
  return { helpId: helps.at(-1)!.helpId, position };
}

/** The seller answers the buyer's help request (in the thread too). */
export async function answerHelp(cx: CommandContext, actor: Actor, helpId: string, text: string) {
  const sellerOrderId = sellerOrderOf(helpId);
  const position = await decide(cx, actor, { type: 'AnswerHelp', actor, sellerOrderId, helpId, text, at: cx.now() });
  return { helpId, position };
}

/** The seller resolves it: a refund (in full or part), a replacement, or a return through the return flow. */
export async function resolveHelp(
  cx: OrderCommandContext,
  actor: Actor,
  helpId: string,
  { resolution, amountPaise, text }: HelpResolutionInput,
): Promise<HelpStepResult> {
  const sellerOrderId = sellerOrderOf(helpId);
  const commission = resolution === 'refund' ? await ratesOf(cx, sellerOrderId) : {};
  const command = {
    type: 'ResolveHelp',
    actor,
    sellerOrderId,
    helpId,
    resolution,
    amountPaise: resolution === 'refund' ? (amountPaise ?? null) : null,
    text,
    commission,
    at: cx.now(),
  } as const;
  return { helpId, position: await decide(cx, actor, command) };
}

/** The buyer takes the help request to MIBI: once the seller's 48 hours passed, or after their answer. */
export async function escalateHelp(cx: CommandContext, actor: Actor, helpId: string, text: string) {
  const sellerOrderId = sellerOrderOf(helpId);
  const position = await decide(cx, actor, { type: 'EscalateHelp', actor, sellerOrderId, helpId, text, at: cx.now() });
  return { helpId, position };
}

/** An admin decides a dispute: a refund (through the payment's refunds when paid online) or closed in the seller's favour. */
export async function decideDispute(
  cx: OrderCommandContext,
  actor: Actor,
  helpId: string,
  { outcome, amountPaise, reason }: DisputeDecisionInput,
): Promise<HelpStepResult> {
  const sellerOrderId = sellerOrderOf(helpId);
  const commission = outcome === 'refund' ? await ratesOf(cx, sellerOrderId) : {};
  const command = {
    type: 'DecideDispute',
    actor,
    sellerOrderId,
    helpId,
    outcome,
    amountPaise: outcome === 'refund' ? (amountPaise ?? null) : null,
    reason,
    commission,
    at: cx.now(),
  } as const;
  return { helpId, position: await decide(cx, actor, command) };
}

/**
 * A help request for its buyer and its seller, and for an admin once it was taken to MIBI;
 * not found for anyone else.
 */
export async function readHelpRequest(read: ReadStore, actor: Actor, helpId: string): Promise<HelpRequestDoc> {
  const doc = await helpRequest(read, helpId);
  if (!doc) throw helpNotFound();
  const party = actor.userId === doc.buyerId || actor.userId === doc.sellerId;
  const staff = isAdmin(actor) && doc.escalatedAt !== null;
  if (!party && !staff) throw helpNotFound();
  return doc;
}

/** Whether a dispute is open on a seller order, from the purchase's stream (the source of truth): admins read its thread only then. */
export const disputeOpenOn =
  (cx: CommandContext): DisputeCheck =>
  async (sellerOrderId) => {
    const orderId = parseSellerOrderId(sellerOrderId)?.orderId;
    if (orderId === undefined) return false;
    const { state } = await cx.streams.load(orderStream(orderId), orderDecider);
    const part = state?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
    return part !== undefined && disputeOpen(part.helps);
  };

/** What an admin decides a dispute from, on one screen. */
export interface DisputeView {
  help: HelpRequestDoc;
  order: OrderDoc;
  /** The seller order's conversation while the dispute is open; null once decided. */
  thread: ThreadView | null;
}

/** A help request taken to MIBI, with its purchase (payment, refunds, every seller order's history) and its thread, that read recorded. */
export async function disputeView(
  cx: Omit<ThreadReadContext, 'disputeOpen'>,
  admin: Actor,
  helpId: string,
): Promise<DisputeView> {
  const help = await readHelpRequest(cx.platform.read, admin, helpId);
  const purchase = await readPurchase(cx, help.orderId);
  if (!purchase) throw orderNotFound();
  const thread =
    help.status === 'escalated'
      ? await readThread({ ...cx, disputeOpen: disputeOpenOn(cx) }, admin, help.sellerOrderId)
      : null;
  return { help, order: purchase.order, thread };
}
