/**
 * Conversations: a thread per seller order between its buyer and its seller (messages with
 * images, reads), and an admin's read during a dispute, recorded. The parties come from the
 * order's own stream, so a buyer can write as soon as the purchase is placed; its seller once
 * told of it (paid online, or cash on delivery), as the seller's orders show it.
 */
import type { Actor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import { type DisputeCheck, threadReader } from '../../domain/conversation/access.ts';
import { threadDecider, threadNotFound } from '../../domain/conversation/decider.ts';
import { type ThreadParties, threadStream } from '../../domain/conversation/events.ts';
import { MESSAGE_MESSAGES, type messageSchema } from '../../domain/conversation/schemas.ts';
import { parseSellerOrderId } from '../../domain/order/status.ts';
import type { ProductImage } from '../../domain/product/image.ts';
import type { ThreadMessageDoc, ThreadView } from '../../projections/threads/documents.ts';
import { toldToSeller } from '../../projections/orders/queries.ts';
import { threadView } from '../../projections/threads/queries.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { z } from 'zod';
import type { CommandContext } from './context.ts';
import { readPurchase } from './orders.ts';
import { type UploadContext, uploadMessageImage, uploadOf } from './uploads.ts';

export type MessageInput = z.output<typeof messageSchema>;

/** What reading a thread needs beyond the streams: the read model, and whether a dispute is open on it. */
export interface ThreadReadContext extends CommandContext {
  platform: { read: ReadStore };
  disputeOpen: DisputeCheck;
}

/** The parties of the seller order's thread as the order's stream gives them; not found for a missing or unpaid one's seller. */
async function partiesOf(cx: CommandContext, sellerOrderId: string, actor: Actor): Promise<ThreadParties> {
  const orderId = parseSellerOrderId(sellerOrderId)?.orderId;
  const purchase = orderId === undefined ? null : await readPurchase(cx, orderId);
  const part = purchase?.sellerOrders.find((doc) => doc.id === sellerOrderId);
  if (!part) throw threadNotFound();
  // Its seller does not see a seller order before it is paid for (or to be paid on delivery).
  if (part.sellerId === actor.userId && !toldToSeller(part)) throw threadNotFound();
  return { sellerOrderId, orderId: part.orderId, buyerId: part.buyerId, sellerId: part.sellerId };
}

/** The parties, and the side `actor` is on; not found for anyone else (an admin writes nothing, and uploads nothing, to a thread). */
async function sideOf(cx: CommandContext, sellerOrderId: string, actor: Actor) {
  const parties = await partiesOf(cx, sellerOrderId, actor);
  const party = threadReader(actor, parties, false);
  if (party !== 'buyer' && party !== 'seller') throw threadNotFound();
  return { parties, party };
}

/** The images a message (or a help request) names: uploads of its author, each once; a 400 on `images` otherwise. */
export async function imagesOf(cx: CommandContext, actor: Actor, ids: readonly string[]): Promise<ProductImage[]> {
  const unknown = () =>
    new DomainError('validation_failed', MESSAGE_MESSAGES.imageId, 'invalid', { images: MESSAGE_MESSAGES.imageId });
  if (new Set(ids).size !== ids.length) throw unknown();
  const images: ProductImage[] = [];
  for (const id of ids) {
    const image = await uploadOf(cx, actor.userId, id);
    if (!image) throw unknown();
    images.push(image);
  }
  return images;
}

export interface PostedMessage {
  message: ThreadMessageDoc;
  position: number;
}

/** Posts a message of the buyer or the seller to the seller order's thread. */
export async function postMessage(
  cx: CommandContext,
  actor: Actor,
  sellerOrderId: string,
  input: MessageInput,
): Promise<PostedMessage> {
  const { parties, party } = await sideOf(cx, sellerOrderId, actor);
  const images = await imagesOf(cx, actor, input.images);
  const [messageId, at] = [cx.newId(), cx.now()];
  const command = { type: 'PostMessage', actor, parties, messageId, text: input.text, images, at } as const;
  const stream = threadStream(sellerOrderId);
  const { position } = await cx.streams.handle(stream, threadDecider, command, { actor: actor.userId });
  const seq = (await cx.streams.load(stream, threadDecider)).state!.messages.length;
  return { message: { id: messageId, sellerOrderId, seq, from: party, text: input.text, images, at }, position };
}

/** Marks every message of the thread read for its buyer or seller. */
export async function markThreadRead(
  cx: CommandContext,
  actor: Actor,
  sellerOrderId: string,
): Promise<{ sellerOrderId: string; unread: 0; position: number }> {
  const { parties } = await sideOf(cx, sellerOrderId, actor);
  const command = { type: 'MarkThreadRead', actor, parties, at: cx.now() } as const;
  const { position } = await cx.streams.handle(threadStream(sellerOrderId), threadDecider, command, {
    actor: actor.userId,
  });
  return { sellerOrderId, unread: 0, position };
}

/** Stores an image for a message of the buyer or the seller of the thread. */
export async function uploadThreadImage(
  cx: UploadContext,
  actor: Actor,
  sellerOrderId: string,
  file: File,
): Promise<ProductImage> {
  await sideOf(cx, sellerOrderId, actor);
  return uploadMessageImage(cx, actor.userId, file);
}

/**
 * The thread for its buyer or seller, or for an admin while a dispute is open on it, that
 * read recorded on the thread's stream first (so no staff read goes unrecorded); not found
 * for anyone else.
 */
export async function readThread(cx: ThreadReadContext, actor: Actor, sellerOrderId: string): Promise<ThreadView> {
  const parties = await partiesOf(cx, sellerOrderId, actor);
  const disputeOpen = await cx.disputeOpen(sellerOrderId);
  const as = threadReader(actor, parties, disputeOpen);
  if (as === null) throw threadNotFound();
  if (as === 'staff') {
    const command = { type: 'RecordStaffRead', actor, parties, disputeOpen, at: cx.now() } as const;
    await cx.streams.handle(threadStream(sellerOrderId), threadDecider, command, { actor: actor.userId });
  }
  return threadView(cx.platform.read, parties, as);
}
