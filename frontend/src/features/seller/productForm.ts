import type { z } from 'zod';
import type { Paise } from '../../../../domain/money.ts';
import type { ProductForm as ProductFormText, productFormSchema } from '../../../../domain/product/schemas.ts';
import { proposedVersion } from '../../../../domain/product/revision.ts';
import { type ProductOption, type VariantInput, variantLabel } from '../../../../domain/product/variants.ts';
import type { SellerProduct } from './types.ts';

/** The form's values once checked: the body of "list a product" (money in paise). */
export type ProductValues = z.output<typeof productFormSchema>;

/** Paise as a rupee input's text: 149900 -> "1499", 149950 -> "1499.50". */
export function rupeeInput(paise: Paise): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/**
 * The product as its seller last asked for it: the approved version with the changes waiting
 * for review (a variant waiting shows the stock already given to it). The form starts from it
 * and compares with it, so an edit adds to those changes.
 */
export function asProposed(product: SellerProduct): SellerProduct {
  if (!product.pendingRevision) return product;
  const proposed = proposedVersion(product, product.pendingRevision);
  const variants = proposed.variants.map((variant) => ({
    ...variant,
    label: variantLabel(proposed.options, variant.optionValues),
    stockQuantity: product.stockByVariant[variant.id] ?? 0,
  }));
  return { ...proposed, variants };
}

/** What the inputs start with: empty to add a product, its current values to edit one. */
export function initialText(product: SellerProduct | null): ProductFormText {
  if (!product) {
    return {
      name: '',
      description: '',
      price: '',
      originalPrice: '',
      stockQuantity: '',
      categoryId: '',
      imageUrl: '',
      tags: '',
      // Filled from the category's defaults when one is chosen (ProductForm).
      hsn: '',
      gstRateBps: '',
      madeToOrderDays: '',
    };
  }
  return {
    name: product.name,
    description: product.description,
    price: rupeeInput(product.pricePaise),
    originalPrice: product.originalPricePaise === null ? '' : rupeeInput(product.originalPricePaise),
    stockQuantity: String(product.stockQuantity),
    categoryId: product.categoryId,
    // The images are listed beside the field (ImagePicker); the URL field gives one instead.
    imageUrl: '',
    tags: product.tags.join(', '),
    hsn: product.tax.hsn,
    gstRateBps: String(product.tax.gstRateBps),
    madeToOrderDays: product.madeToOrderDays === null ? '' : String(product.madeToOrderDays),
  };
}

const EDITABLE = [
  'name',
  'description',
  'pricePaise',
  'originalPricePaise',
  'stockQuantity',
  'categoryId',
  'tags',
  'tax',
  'madeToOrderDays',
] as const satisfies ReadonlyArray<keyof ProductValues & keyof SellerProduct>;

/** What each variant of a product with options has of its own. */
const PER_VARIANT: ReadonlySet<string> = new Set(['pricePaise', 'originalPricePaise', 'stockQuantity']);

/**
 * The fields but the images and variants an edit changes (part of the body of PATCH; gallery.ts
 * adds the images, `variantChanges` the variants); empty when nothing changed. With options, the
 * price and stock are the variants'.
 */
export function changedFields(
  product: SellerProduct,
  values: Omit<ProductValues, 'imageUrl'>,
  withOptions: boolean,
): Partial<ProductValues> {
  // Values are text, numbers, null, a list of text or the tax data (keys in one order): their JSON compares them.
  const changed = EDITABLE.filter(
    (key) => !(withOptions && PER_VARIANT.has(key)) && JSON.stringify(values[key]) !== JSON.stringify(product[key]),
  );
  return Object.fromEntries(changed.map((key) => [key, values[key]]));
}

/** A variant as the form sends it: its pictures by the ids of the product's images. */
type VariantBody = Omit<VariantInput, 'imageUrls'> & { stockQuantity: number; images: string[] };

/** A variant in one shape and key order, so that two compare by their JSON. */
const comparable = ({
  id,
  sku,
  optionValues,
  pricePaise,
  originalPricePaise,
  stockQuantity,
  images,
  // Absent (as the product) stays absent, unlike null (from stock): JSON leaves it out.
  madeToOrderDays,
}: VariantBody) => ({ id, sku, optionValues, pricePaise, originalPricePaise, stockQuantity, images, madeToOrderDays });

/**
 * What an edit changes of the options and variants: both when either differs from the
 * product's; `options: []` with the price and stock typed when the last option was removed.
 */
export function variantChanges(
  product: SellerProduct,
  options: ProductOption[],
  variants: VariantBody[],
  values: Pick<ProductValues, 'pricePaise' | 'originalPricePaise' | 'stockQuantity'>,
): { options?: ProductOption[]; variants?: VariantBody[] } & Partial<ProductValues> {
  if (options.length === 0)
    return product.options.length === 0
      ? {}
      : {
          options: [],
          pricePaise: values.pricePaise,
          originalPricePaise: values.originalPricePaise,
          stockQuantity: values.stockQuantity,
        };
  const same =
    JSON.stringify(options) === JSON.stringify(product.options.map(({ name, values }) => ({ name, values }))) &&
    JSON.stringify(variants.map(comparable)) ===
      JSON.stringify(
        product.variants.map(({ imageUrls, ...variant }) =>
          comparable({
            ...variant,
            images: imageUrls.flatMap((url) => product.images.find((image) => image.url === url)?.id ?? []),
          }),
        ),
      );
  return same ? {} : { options, variants };
}
