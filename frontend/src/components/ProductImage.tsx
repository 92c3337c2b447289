import { Icon } from './Icon.tsx';

/**
 * A product picture in a square box, or a placeholder of the same size: the box is sized
 * before the image arrives, so nothing moves. Pass `alt=""` where the name is shown beside it.
 */
export function ProductImage({ src, alt, className = '' }: { src: string | null; alt: string; className?: string }) {
  return (
    <div className={`aspect-square overflow-hidden bg-base-200 ${className}`}>
      {src ? (
        <img src={src} alt={alt} width={600} height={600} loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <div className="grid size-full place-items-center text-base-content/40" role={alt ? 'img' : undefined} aria-label={alt || undefined}>
          <Icon name="package" className="size-1/3" />
        </div>
      )}
    </div>
  );
}
