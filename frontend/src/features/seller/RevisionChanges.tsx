import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ProductContent } from '../../../../domain/product/events.ts';
import { detailChanges } from '../../../../domain/product/history.ts';
import type { ProductImage as StoredImage } from '../../../../domain/product/image.ts';
import { CONTENT_FIELDS } from '../../../../domain/product/revision.ts';
import { type ProductOption, type Variant, variantLabel } from '../../../../domain/product/variants.ts';
import { ProductImage } from '../../components/ProductImage.tsx';
import { formatPrice } from '../../format.ts';
import { ChangesTable } from './ChangesTable.tsx';

/** Content changes as a revision holds them: the approved values and the proposed ones. */
export interface ContentChanges {
  before: Partial<ProductContent>;
  after: Partial<ProductContent>;
}

interface RevisionChangesProps {
  revision: ContentChanges;
  /** The product on sale: the options that name the variants and the images they show, when the revision keeps them. */
  live: { options: ProductOption[]; images: StoredImage[] };
  categoryName: (categoryId: string) => string;
  caption: string;
  /** Column headings: 'On sale now' / 'Proposed' for the review, 'Approved' / 'Your change' for the seller. */
  labels: { before: string; after: string };
}

/** Images are reviewed by looking at them: the pictures are shown, in their order, with the count. */
function Shown({ field, text, images }: { field: string; text: string; images: ProductContent['images'] | undefined }) {
  const { t } = useLingui();
  if (field !== 'images') return <>{text}</>;
  return (
    <span className="flex flex-col gap-1">
      {images && images.length > 0 && (
        <span className="flex flex-wrap gap-1">
          {images.map((image, index) => (
            <ProductImage
              key={image.id}
              src={image}
              alt={t`Picture ${ph({ number: index + 1 })}`}
              sizes="48px"
              className="w-12 rounded-box"
            />
          ))}
        </span>
      )}
      <span className="text-xs">{text}</span>
    </span>
  );
}

interface VariantListProps {
  variants: Variant[];
  options: ProductOption[];
  /** The variants of the other column: one not among them is marked `mark` ('new', 'removed'). */
  others: Variant[];
  mark: string;
  images: StoredImage[];
}

/** Variants are reviewed one by one: each by its values, SKU and price, with its own pictures; new or removed ones marked. */
function VariantList({ variants, options, others, mark, images }: VariantListProps) {
  const { t } = useLingui();
  return (
    <ul className="flex flex-col gap-1">
      {variants.map((variant) => (
        <li key={variant.id} className="flex flex-wrap items-center gap-1">
          <span>
            {[variantLabel(options, variant.optionValues), variant.sku, formatPrice(variant.pricePaise)]
              .filter(Boolean)
              .join(' ')}
          </span>
          {!others.some((other) => other.id === variant.id) && <span className="badge badge-sm">{mark}</span>}
          {variant.imageUrls.map((url, index) => (
            <ProductImage
              key={url}
              src={images.find((image) => image.url === url) ?? url}
              alt={t`Picture ${ph({ number: index + 1 })} of ${ph({ variant: variantLabel(options, variant.optionValues) })}`}
              sizes="32px"
              className="w-8 rounded-box"
            />
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The fields a revision changes, each with its approved value and the proposed one, in the order of the form. */
export function RevisionChanges({ revision, live, categoryName, caption, labels }: RevisionChangesProps) {
  const { t } = useLingui();
  const names = { category: categoryName };
  const { before, after } = revision;
  const images = [...(after.images ?? []), ...(before.images ?? []), ...live.images];
  const variants = (side: Partial<ProductContent>, other: Partial<ProductContent>, mark: string) => (
    <VariantList
      variants={side.variants ?? []}
      options={side.options ?? live.options}
      others={other.variants ?? []}
      mark={mark}
      images={images}
    />
  );
  const rows = CONTENT_FIELDS.flatMap((key) =>
    detailChanges({ [key]: before[key] }, { [key]: after[key] }, names).map((change) =>
      key === 'variants'
        ? {
            key,
            field: change.field,
            before: variants(before, after, t`removed`),
            after: variants(after, before, t`new`),
          }
        : {
            key,
            field: change.field,
            before: <Shown field={key} text={change.before} images={before.images} />,
            after: <Shown field={key} text={change.after} images={after.images} />,
          },
    ),
  );
  return <ChangesTable rows={rows} caption={caption} labels={labels} fieldWidth="w-28" />;
}
