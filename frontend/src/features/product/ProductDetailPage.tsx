import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import { percentOff } from '../../../../domain/money.ts';
import { formatRate } from '../../../../domain/tax/rates.ts';
import { Price } from '../../components/Price.tsx';
import { RatingSummary } from '../../components/RatingSummary.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { StockBadge } from '../../components/StockBadge.tsx';
import { madeToOrderDaysOf, madeToOrderText } from '../../../../domain/product/made-to-order.ts';
import { VerifiedSellerBadge } from '../../components/VerifiedSellerBadge.tsx';
import { storefrontPath } from '../../links.ts';
import { useProductText } from '../../productText.ts';
import { WishlistHeart } from '../wishlist/index.ts';
import { ProductDelivery } from '../delivery/index.ts';
import { ProductProvenance } from '../provenance/index.ts';
import { AddToCart } from './AddToCart.tsx';
import { ProductGallery } from './ProductGallery.tsx';
import { ReviewsSection } from './ReviewsSection.tsx';
import type { Product } from './types.ts';
import { useProduct } from './useProduct.ts';
import { useReviews } from './useReviews.ts';
import { useVariantChoice } from './useVariantChoice.ts';
import { VariantPicker } from './VariantPicker.tsx';

/** /products/{id}: one product, the choice of its variant (`?variant=`), Add to Cart, and its reviews. */
export default function ProductDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { product, loading } = useProduct(id);
  const { reviews, reviewsLoading, eligibility, eligibilityLoading, saved } = useReviews(id);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link href="/products" className="link link-hover inline-flex items-center gap-1 text-sm font-medium">
        <span aria-hidden="true">←</span> <Trans>Back to Products</Trans>
      </Link>
      {loading ? (
        <LoadingProduct />
      ) : product ? (
        <>
          <ProductInfo
            key={product.id}
            product={product}
            rating={reviews?.average ?? null}
            ratingCount={reviews?.count ?? 0}
            ratingLoading={reviewsLoading}
          />
          <ReviewsSection
            productId={product.id}
            reviews={reviews}
            reviewsLoading={reviewsLoading}
            eligibility={eligibility}
            eligibilityLoading={eligibilityLoading}
            onSaved={saved}
          />
        </>
      ) : (
        <div className="py-24 text-center">
          <h1 className="text-3xl font-bold">
            <Trans>Product not found</Trans>
          </h1>
          <p className="mt-2 text-base-content/80">
            <Trans>It may have been removed, or the link is mistyped.</Trans>
          </p>
        </div>
      )}
    </div>
  );
}

interface ProductInfoProps {
  product: Product;
  rating: number | null;
  ratingCount: number;
  ratingLoading: boolean;
}

function ProductInfo({ product, rating, ratingCount, ratingLoading }: ProductInfoProps) {
  const { t } = useLingui();
  const { choice, choose, variant, missing } = useVariantChoice(product);
  // Until a variant is chosen: the lowest price ("from" when they differ) and the stock of them all.
  const stockQuantity = variant?.stockQuantity ?? product.stockQuantity;
  // The chosen variant's own made-to-order days, else the product's.
  const madeToOrderDays = variant ? madeToOrderDaysOf(product, variant.id) : product.madeToOrderDays;
  const inStock = stockQuantity > 0;
  const gstRate = formatRate(product.tax.gstRateBps);
  const hsn = product.tax.hsn;
  const sellerName = product.sellerName || t`Seller`;
  const text = useProductText(product);
  return (
    <div className="mt-6 grid gap-10 md:grid-cols-2">
      {/* Keyed by the variant, so its first picture shows when it is chosen. */}
      <ProductGallery key={variant?.id} name={text.name} images={variantImages(product.images, variant)} />
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl" lang={text.lang.name} dir="auto">
          {text.name}
        </h1>
        {ratingLoading ? (
          <Skeleton className="h-6 w-56" />
        ) : (
          <RatingSummary rating={rating} count={ratingCount} size="md" />
        )}
        {variant ? (
          <Price
            pricePaise={variant.pricePaise}
            originalPricePaise={variant.originalPricePaise}
            percentOff={percentOff(variant.pricePaise, variant.originalPricePaise)}
            size="lg"
          />
        ) : (
          <Price
            pricePaise={product.pricePaise}
            originalPricePaise={product.originalPricePaise}
            percentOff={product.percentOff}
            from={product.maxPricePaise !== product.pricePaise}
            size="lg"
          />
        )}
        <p className="-mt-3 text-sm text-base-content/80">
          <Trans>
            Inclusive of {gstRate} GST · HSN {hsn}
          </Trans>
        </p>
        <p className="whitespace-pre-line text-base-content/90" lang={text.lang.description} dir="auto">
          {text.description}
        </p>
        {text.tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t`Tags`} lang={text.lang.tags}>
            {text.tags.map((tag) => (
              <li key={tag} className="badge badge-outline" dir="auto">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <p className="flex flex-wrap items-center gap-2">
          <span>
            <Trans>
              Sold by{' '}
              <Link href={storefrontPath(product.sellerId)} className="link font-semibold" dir="auto">
                {sellerName}
              </Link>
            </Trans>
          </span>
          <VerifiedSellerBadge verified={product.sellerVerified} />
        </p>
        <ProductProvenance provenance={product.provenance} />
        <VariantPicker product={product} choice={choice} onChoose={choose} />
        <p className="flex items-center gap-3" aria-live="polite">
          <span className={inStock ? 'font-medium text-secondary' : 'font-medium text-error'}>
            {inStock ? t`${stockQuantity} in stock` : t`Out of stock`}
          </span>
          {inStock && <StockBadge stockQuantity={stockQuantity} />}
        </p>
        {madeToOrderDays !== null && <p className="font-medium">{madeToOrderText(madeToOrderDays)}</p>}
        <div className="flex flex-wrap items-center gap-4">
          <AddToCart product={product} variant={variant} missing={missing} />
          <WishlistHeart productId={product.id} productName={text.name} chosen={variant} variant="page" />
        </div>
        <ProductDelivery productId={product.id} variantId={variant?.id} />
      </div>
    </div>
  );
}

/** A variant's own pictures first, then the product's others; all of the product's without a variant or pictures of its own. */
function variantImages(images: Product['images'], variant: Product['variants'][number] | null): Product['images'] {
  if (!variant || variant.imageUrls.length === 0) return images;
  const own = images.filter((image) => variant.imageUrls.includes(image.url));
  return [...own, ...images.filter((image) => !own.includes(image))];
}

/** 'Loading...' in the name's place, the rest as placeholders of the same size. */
function LoadingProduct() {
  return (
    <div className="mt-6 grid gap-10 md:grid-cols-2" aria-busy="true">
      <Skeleton className="aspect-square w-full" />
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">
          <Trans>Loading...</Trans>
        </h1>
        <Skeleton className="h-6 w-56" />
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-12 w-72" />
      </div>
    </div>
  );
}
