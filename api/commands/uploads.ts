/** Uploads: a seller's product image, stored under a fresh key. */
import type { Actor } from '../../domain/actor.ts';
import type { BlobStore } from '../../platform/blobs/port.ts';
import { checkedImage } from '../images.ts';
import type { CommandContext } from './context.ts';

/** An upload writes to the blob store. */
export interface UploadContext extends CommandContext {
  platform: { blobs: Pick<BlobStore, 'put' | 'publicUrl'> };
}

export interface Uploaded {
  /** Where the image is served: the imageUrl of a product. */
  url: string;
}

/** Stores `file` as a product image of `actor`, judged by its content (a 413 or 415 otherwise). */
export async function uploadProductImage(cx: UploadContext, actor: Actor, file: File): Promise<Uploaded> {
  const image = await checkedImage(file);
  const key = `products/${actor.userId}/${Date.parse(cx.now())}-${cx.newId()}.${image.extension}`;
  await cx.platform.blobs.put(key, image.data, image.contentType);
  return { url: cx.platform.blobs.publicUrl(key) };
}
