/** The images of the Add/Edit Product form: the product's, and files chosen to upload at save, in the order shown. */
import type { ProductImage } from '../../../../domain/product/image.ts';

/** An image the product has, or a file chosen to be uploaded when the form is saved. */
export type GalleryEntry = { key: string; image: ProductImage } | { key: string; file: File };

export const entriesOf = (images: readonly ProductImage[]): GalleryEntry[] =>
  images.map((image) => ({ key: image.id, image }));

/** `entries` with the one at `from` put at `to` (the others keep their order). */
export function moved<T>(entries: readonly T[], from: number, to: number): T[] {
  const next = [...entries];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

/** A listing's images: the ids in order, or else the image at the URL field's address (null: none). */
export const listingImages = (
  ids: string[],
  imageUrl: string | null,
): { images: string[] } | { imageUrl: string | null } => (ids.length > 0 ? { images: ids } : { imageUrl });

/**
 * What an edit changes of the images: the ids when they differ from the product's (order
 * included), the URL field's address when the list was emptied for it, nothing otherwise.
 */
export function imageChanges(
  current: readonly ProductImage[],
  ids: string[],
  imageUrl: string | null,
): { images?: string[]; imageUrl?: string } {
  if (ids.length === 0 && imageUrl !== null) return { imageUrl };
  const same = ids.length === current.length && ids.every((id, i) => id === current[i]!.id);
  return same ? {} : { images: ids };
}
