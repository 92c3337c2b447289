import { useSyncExternalStore } from 'react';
import type { ProductImage as StoredImage } from '../../../domain/product/image.ts';
import { Icon } from './Icon.tsx';

interface ProductImageProps {
  /** The image with its stored widths (a product's), or the one address a cart line or an order keeps. */
  src: StoredImage | string | null;
  alt: string;
  /**
   * How wide the box is drawn (the `sizes` attribute), so the browser fetches the narrowest
   * stored width that fills it sharply: a thumbnail never loads the 1024 px file.
   */
  sizes?: string;
  className?: string;
  priority?: boolean;
  /** `contain` shows the whole picture (a product page); `cover` fills the box (cards, lists). */
  fit?: 'cover' | 'contain';
}

/** The `srcset` of a stored image: each width as `url 640w`; empty for an image kept as one file. */
const srcSetOf = (image: StoredImage): string => image.sizes.map(({ url, width }) => `${url} ${width}w`).join(', ');

const unchanging = () => () => {};

/** False where a page is drawn on the server and while the browser takes it over (hydration), true after and in any page the browser draws. */
const useTakenOver = () =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );

/**
 * A product picture in a square box, or a placeholder of the same size: the box is sized
 * before the image arrives, so nothing moves. Pass `alt=""` where the name is shown beside it.
 * `priority`: the page's largest picture in view at load (its LCP), fetched first and at once;
 * every other picture waits until it nears the viewport, and in a page drawn on the server
 * (api/http/page-render.ts) until the browser has taken it over: in the HTML it would be fetched
 * at once, as the page first paints, beside the one picture that counts then.
 */
export function ProductImage({
  src,
  alt,
  sizes = '100vw',
  className = '',
  priority = false,
  fit = 'cover',
}: ProductImageProps) {
  const takenOver = useTakenOver();
  const url = typeof src === 'string' ? src : src?.url;
  const srcSet = src && typeof src !== 'string' && src.sizes.length > 0 ? srcSetOf(src) : undefined;
  const fetched = priority || takenOver;
  return (
    <div className={`aspect-square overflow-hidden bg-base-200 ${className}`}>
      {url ? (
        <img
          src={fetched ? url : undefined}
          srcSet={fetched ? srcSet : undefined}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={600}
          height={600}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding={priority ? 'sync' : 'async'}
          className={`size-full ${fit === 'cover' ? 'object-cover' : 'object-contain'}`}
        />
      ) : (
        <div
          className="grid size-full place-items-center text-base-content/40"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
        >
          <Icon name="package" className="size-1/3" />
        </div>
      )}
    </div>
  );
}
