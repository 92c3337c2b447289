import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Price } from '../../components/Price.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { RatingSummary } from '../../components/RatingSummary.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { StockBadge } from '../../components/StockBadge.tsx';
import { VerifiedSellerBadge } from '../../components/VerifiedSellerBadge.tsx';
import { productPath, storefrontPath } from '../../links.ts';
import { useProductText } from '../../productText.ts';
import { WishlistHeart } from '../wishlist/index.ts';
import type { Product } from './types.ts';

export type CardLayout = 'grid' | 'list';

const ARTICLE: Record<CardLayout, string> = {
  grid: 'card h-full',
  list: 'card card-side',
};
const IMAGE: Record<CardLayout, string> = {
  grid: 'w-full',
  list: 'w-32 shrink-0 sm:w-44',
};
/** The picture's width in each layout (the columns of ProductGrid's grid, inside the page's max-w-7xl). api/http/page-hints.ts repeats the grid's for /products' preload. */
const IMAGE_SIZES: Record<CardLayout, string> = {
  grid: '(min-width: 1280px) 240px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 48vw',
  list: '(min-width: 640px) 176px, 128px',
};
/** In the grid, two lines are kept for every name, so most cards of a row line up; a longer name shows whole. */
const NAME: Record<CardLayout, string> = {
  grid: 'min-h-12',
  list: '',
};

/**
 * A product in the list: the whole card links to its page (the name's link stretches over
 * it). The first tag is the brand label. Cut texts carry their whole as a title.
 * `priority`: the first card of a page, whose picture is the page's LCP.
 */
export function ProductCard({
  product,
  layout,
  priority = false,
}: {
  product: Product;
  layout: CardLayout;
  priority?: boolean;
}) {
  const text = useProductText(product);
  return (
    <article
      className={`${ARTICLE[layout]} relative overflow-hidden border border-base-300 bg-base-100 transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary`}
    >
      <ProductImage
        src={product.images[0] ?? null}
        alt=""
        sizes={IMAGE_SIZES[layout]}
        className={IMAGE[layout]}
        priority={priority}
      />
      <WishlistHeart productId={product.id} productName={text.name} variant="card" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-4">
        <p
          className="h-4 truncate text-xs font-semibold tracking-wide text-secondary uppercase"
          title={text.tags[0]}
          lang={text.lang.tags}
          dir="auto"
        >
          {text.tags[0]}
        </p>
        <h2 className={`font-semibold break-words ${NAME[layout]}`} lang={text.lang.name} dir="auto">
          <Link href={productPath(product.id)} className="outline-none after:absolute after:inset-0">
            {text.name}
          </Link>
        </h2>
        {/* Above the stretched link, so it opens the seller's storefront rather than the product. */}
        <p className="min-h-5 text-sm text-base-content/80">
          <SoldBy sellerId={product.sellerId} sellerName={product.sellerName} />
        </p>
        {layout === 'list' && (
          <p
            className="line-clamp-2 text-sm text-base-content/80"
            title={text.description}
            lang={text.lang.description}
            dir="auto"
          >
            {text.description}
          </p>
        )}
        <RatingSummary rating={product.rating} count={product.ratingCount} />
        <Price
          pricePaise={product.pricePaise}
          originalPricePaise={product.originalPricePaise}
          percentOff={product.percentOff}
          from={product.maxPricePaise !== product.pricePaise}
        />
        <p className="flex min-h-5 flex-wrap gap-1">
          <VerifiedSellerBadge verified={product.sellerVerified} />
          <StockBadge stockQuantity={product.stockQuantity} />
        </p>
      </div>
    </article>
  );
}

/** A card's stand-in while the products load, the same size as a card. */
export function ProductCardSkeleton({ layout }: { layout: CardLayout }) {
  return (
    <div className={`${ARTICLE[layout]} overflow-hidden border border-base-300`}>
      <Skeleton className={`aspect-square rounded-none ${IMAGE[layout]}`} />
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Skeleton className="h-4 w-16" />
        <Skeleton className={`h-6 w-full ${NAME[layout]}`} />
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-7 w-24" />
        <Skeleton className="h-5 w-20" />
      </div>
    </div>
  );
}

/** "Sold by" the seller's name, a link to its storefront (a seller without a name is "Seller"). */
function SoldBy({ sellerId, sellerName }: { sellerId: string; sellerName: string }) {
  const { t } = useLingui();
  const name = sellerName || t`Seller`;
  return (
    <Trans>
      Sold by{' '}
      <Link href={storefrontPath(sellerId)} className="link link-hover relative z-10" dir="auto">
        {name}
      </Link>
    </Trans>
  );
}
