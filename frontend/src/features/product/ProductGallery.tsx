import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { ProductImage as StoredImage } from '../../../../domain/product/image.ts';
import { ProductImage } from '../../components/ProductImage.tsx';

/** The main picture's width: half the page's max-w-7xl beside the details from md up, the page's width below. api/http/page-hints.ts repeats it for the page's preload. */
const MAIN_SIZES = '(min-width: 1280px) 604px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)';
const THUMB_SIZES = '(min-width: 640px) 80px, 64px';

/**
 * A product's pictures: the one shown, in a square box (whole, never cropped), and a button per
 * picture to show it. One button is in the tab order; the arrow keys, Home and End move along
 * them, showing as they go. The first picture is the page's LCP: fetched at once, the others
 * only once shown.
 */
export function ProductGallery({ name, images }: { name: string; images: readonly StoredImage[] }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(0);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = Math.min(shown, Math.max(images.length - 1, 0));
  const count = images.length;
  const position = current + 1;
  // What each picture is, for those who cannot see it: the first is the product itself.
  const alt = current === 0 ? name : t`${name}, image ${position} of ${count}`;

  function show(index: number) {
    setShown(index);
    thumbs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = images.length - 1;
    const next = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(Math.min(Math.max(next, 0), last));
  }

  return (
    <div className="flex flex-col gap-3">
      <ProductImage
        src={images[current] ?? null}
        alt={alt}
        sizes={MAIN_SIZES}
        fit="contain"
        className="rounded-box border border-base-300"
        priority={current === 0}
      />
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Pictures of ${name}`} onKeyDown={onKeyDown}>
          {images.map((image, index) => {
            const number = index + 1;
            return (
              <li key={image.id}>
                <button
                  ref={(button) => {
                    thumbs.current[index] = button;
                  }}
                  type="button"
                  aria-label={t`Show picture ${number} of ${count}`}
                  aria-current={index === current ? 'true' : undefined}
                  tabIndex={index === current ? 0 : -1}
                  onClick={() => setShown(index)}
                  className={`block rounded-box border-2 outline-offset-2 ${index === current ? 'border-primary' : 'border-transparent hover:border-base-300'}`}
                >
                  <ProductImage
                    src={image}
                    alt=""
                    sizes={THUMB_SIZES}
                    className="size-16 rounded-[inherit] sm:size-20"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
