import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { EMAIL_VERIFICATION_MESSAGES } from '../../../../domain/account/verification.ts';
import { type ProductForm as ProductFormText, productFormSchema } from '../../../../domain/product/schemas.ts';
import { type VariantsValues, variantsFormSchema } from '../../../../domain/product/variant-form.ts';
import { call, server } from '../../api/client.ts';
import { Field, SelectField, TextAreaField } from '../../components/Field.tsx';
import { MAX_MADE_TO_ORDER_DAYS } from '../../../../domain/product/made-to-order.ts';
import { useForm } from '../../forms.ts';
import { session } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { ResendVerificationButton } from '../../components/ResendVerificationButton.tsx';
import { Alert } from '../../components/Alert.tsx';
import { useCategories } from '../catalog/index.ts';
import { type GalleryEntry, entriesOf, imageChanges, listingImages } from './gallery.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { TaxFields, categoryTaxText, useTaxRates } from './TaxFields.tsx';
import { type ProductValues, asProposed, changedFields, initialText, variantChanges } from './productForm.ts';
import { QuestionsEditor } from './QuestionsEditor.tsx';
import { type QuestionDraft, draftsOf, questionsOf, sameQuestions } from './questions.ts';
import type { SellerProduct } from './types.ts';
import { type VariantsValue, rowLabel, variantsText } from './variantGrid.ts';
import { VariantsEditor } from './VariantsEditor.tsx';
import { domainText } from '../../i18n/domain-text.ts';

interface ProductFormProps {
  /** The product to edit; null adds one. */
  product: SellerProduct | null;
  /** After a save, with the log position it reached. */
  onSaved: (position: number) => Promise<void>;
  onCancel: () => void;
}

/** The server names the money fields as the API does; the form names them as its inputs. */
const API_FIELD: Partial<Record<keyof ProductFormText, string>> = {
  price: 'pricePaise',
  originalPrice: 'originalPricePaise',
  hsn: 'tax.hsn',
  gstRateBps: 'tax.gstRateBps',
};

/** The form's fields and, kept in state, its options and grid of variants. */
const schema = z.intersection(productFormSchema, variantsFormSchema);

/**
 * Add New Product, or edit one (only the changed fields are sent). Checked with the
 * schema shared with the API; chosen image files are uploaded first, in the order shown.
 * With options, each combination's price and stock are the grid's; the price above is what a
 * new combination starts from.
 */
export function ProductForm({ product, onSaved, onCancel }: ProductFormProps) {
  useSignals();
  const { t } = useLingui();
  const categories = useCategories();
  // An edit continues from the changes waiting for review, if any.
  const proposed = product && asProposed(product);
  const initial = initialText(proposed);
  const [entries, setEntries] = useState<GalleryEntry[]>(() => entriesOf(proposed?.images ?? []));
  const [variants, setVariants] = useState<VariantsValue>(() => variantsText(proposed, entries));
  // Variants the seller added that are not on sale until an admin approves them.
  const waiting = new Set(
    proposed?.variants
      .filter((variant) => !product?.variants.some((live) => live.id === variant.id))
      .map((variant) => rowLabel(variant.optionValues)),
  );
  const withOptions = variants.options.length > 0;
  const form = useRef<HTMLFormElement>(null);
  const taxRates = useTaxRates();
  const [tax, setTax] = useState({ hsn: initial.hsn, gstRateBps: initial.gstRateBps });
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => draftsOf(proposed?.personalisation ?? []));
  const [uploading, setUploading] = useState(false);
  // Files already uploaded are not sent again when the save is retried.
  const uploaded = useRef(new Map<File, string>());
  // The button that opened the form is gone: the form's heading takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  /** The ids of the listed images in order, uploading the chosen files; null when an upload failed (a toast says why). */
  async function imageIds(): Promise<string[] | null> {
    const ids: string[] = [];
    setUploading(true);
    try {
      for (const entry of entries) {
        if ('image' in entry) {
          ids.push(entry.image.id);
          continue;
        }
        const id =
          uploaded.current.get(entry.file) ?? (await call(server.uploads.$post({ form: { file: entry.file } }))).id;
        uploaded.current.set(entry.file, id);
        ids.push(id);
      }
      return ids;
    } catch (error) {
      toast({ title: t`Error uploading image`, description: (error as Error).message, tone: 'error' });
      return null;
    } finally {
      setUploading(false);
    }
  }

  async function save({ imageUrl, options, variants: given, ...fields }: ProductValues & VariantsValues) {
    const ids = await imageIds();
    if (!ids) return;
    // Each row's pictures by the ids of the gallery's images, once uploaded.
    const idOf = new Map(entries.map((entry, i) => [entry.key, ids[i]!]));
    const listed = given.map((variant, i) => ({
      ...variant,
      images: variants.rows[i]!.imageKeys.flatMap((key) => idOf.get(key) ?? []),
    }));
    // With options, the grid gives the price and stock of each combination.
    const values = withOptions ? { ...fields, stockQuantity: 0 } : fields;
    if (!product) {
      // The spec's title; the server says whether the product is live at once or waits for review.
      const { position, message } = await call(
        server.seller.products.$post({
          json: {
            ...values,
            ...listingImages(ids, imageUrl),
            personalisation: questionsOf(questions),
            ...(withOptions && { options, variants: listed }),
          },
        }),
      );
      toast({ title: t`Product added successfully!`, description: domainText(message) });
      await onSaved(position);
      return;
    }
    const changes = {
      ...changedFields(proposed!, values, withOptions),
      ...imageChanges(proposed!.images, ids, imageUrl),
      ...(!sameQuestions(proposed!, questions) && { personalisation: questionsOf(questions) }),
      ...variantChanges(proposed!, options, listed, values),
    };
    if (Object.keys(changes).length === 0) {
      toast({ title: t`No changes to save`, tone: 'info' });
      onCancel();
      return;
    }
    const { position, review, message } = await call(
      server.seller.products[':id'].$patch({ param: { id: encodeURIComponent(product.id) }, json: changes }),
    );
    toast({ title: review ? t`Changes sent for review` : t`Product updated`, description: domainText(message) });
    await onSaved(position);
  }

  const { errors, busy, onSubmit } = useForm(
    schema,
    save,
    product ? t`Error updating product` : t`Error adding product`,
    () => ({
      options: variants.options.map(({ name, valuesText }) => ({ name, values: valuesText })),
      variants: variants.rows,
    }),
  );
  const errorOf = (field: keyof ProductFormText) => errors[field] ?? errors[API_FIELD[field] ?? field];
  const title = product ? t`Edit Product` : t`Add New Product`;

  // The server lists nothing from an unverified address: say so before the form is filled, not after.
  if (!product && session.value?.emailVerified === false) {
    return (
      <section aria-labelledby="product-form-title" className="card border border-base-300 p-6">
        <h2 id="product-form-title" ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold outline-none">
          {title}
        </h2>
        <Alert tone="info">
          {EMAIL_VERIFICATION_MESSAGES.verifyBeforeListing}: <Trans>follow the link we mailed you.</Trans>
        </Alert>
        <div className="mt-4 flex flex-wrap gap-3">
          <ResendVerificationButton className="btn btn-primary" />
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            <Trans>Back</Trans>
          </button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="product-form-title" className="card border border-base-300 p-6">
      <h2 id="product-form-title" ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold outline-none">
        {title}
      </h2>
      {product && <ReviewNote product={product} />}
      <form ref={form} onSubmit={onSubmit} noValidate className="grid gap-x-6 md:grid-cols-2">
        <Field
          label={t`Product Name`}
          name="name"
          dir="auto"
          defaultValue={initial.name}
          required
          maxLength={200}
          error={errorOf('name')}
          className="md:col-span-2"
        />
        <TextAreaField
          label={t`Description`}
          name="description"
          dir="auto"
          defaultValue={initial.description}
          rows={4}
          required
          error={errorOf('description')}
          className="md:col-span-2"
        />
        <Field
          label={t`Price (₹)`}
          name="price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          defaultValue={initial.price}
          required
          error={errorOf('price')}
        />
        <Field
          label={t`Original Price (₹, optional)`}
          name="originalPrice"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          defaultValue={initial.originalPrice}
          error={errorOf('originalPrice')}
        />
        {withOptions ? (
          // Each combination has its own stock, in the grid below.
          <input type="hidden" name="stockQuantity" value="" />
        ) : (
          <Field
            label={t`Stock Quantity`}
            name="stockQuantity"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            defaultValue={initial.stockQuantity}
            error={errorOf('stockQuantity')}
          />
        )}
        <Field
          label={t`Made to order: days to make (optional)`}
          name="madeToOrderDays"
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          max={MAX_MADE_TO_ORDER_DAYS}
          defaultValue={initial.madeToOrderDays}
          error={errorOf('madeToOrderDays')}
        />
        <SelectField
          // Remounted once the categories arrive, so the product's category is selected; chosen only
          // once the tax rates are there too, so that it brings its tax defaults.
          key={categories.loading ? 'loading' : 'loaded'}
          label={t`Category`}
          name="categoryId"
          defaultValue={initial.categoryId}
          disabled={categories.loading || taxRates.loading}
          required
          // A category chosen brings its tax defaults, which the seller may change.
          onChange={(event) => setTax(categoryTaxText(taxRates.data, event.target.value) ?? tax)}
          error={errorOf('categoryId')}
        >
          <option value="">{categories.loading ? t`Loading categories...` : t`Select a category`}</option>
          {categories.data?.items.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <TaxFields
          rates={taxRates.data}
          value={tax}
          onChange={setTax}
          errors={{ hsn: errorOf('hsn'), gstRateBps: errorOf('gstRateBps') }}
        />
        <ImagePicker
          entries={entries}
          onChange={setEntries}
          urlError={errorOf('imageUrl')}
          imagesError={errors.images}
        />
        <VariantsEditor
          value={variants}
          onChange={setVariants}
          entries={entries}
          defaults={() => {
            const data = new FormData(form.current ?? undefined);
            const text = (name: string) => String(data.get(name) ?? '');
            return { name: text('name'), price: text('price'), originalPrice: text('originalPrice') };
          }}
          errors={errors}
          waiting={waiting}
        />
        <QuestionsEditor drafts={questions} onChange={setQuestions} errorOf={(field) => errors[field]} />
        <Field
          label={t`Tags (comma-separated)`}
          name="tags"
          dir="auto"
          defaultValue={initial.tags}
          placeholder={t`silk, handloom, Varanasi`}
          error={errorOf('tags')}
          className="mt-4 md:col-span-2"
        />
        <div className="mt-2 flex flex-wrap gap-3 md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? (uploading ? t`Uploading...` : t`Saving...`) : product ? t`Save Changes` : t`Add Product`}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

/** On sale, a product's content is what an admin approved: say what an edit of it does. */
function ReviewNote({ product }: { product: SellerProduct }) {
  const { t } = useLingui();
  if (product.verification !== 'verified') return null;
  return (
    <div role="note" className="alert alert-info mb-4 text-sm">
      <p>
        {product.pendingRevision
          ? `${t`Your earlier changes are waiting for review and shown below; saving sends them with any new ones.`} `
          : ''}
        <Trans>
          Changes to the name, description, category, images, tags, options, and which variants you sell and their
          pictures go live once an admin approves them; buyers see the approved version until then. Price, SKU and stock
          (each variant's too), tax data, made-to-order days and personalisation questions change at once.
        </Trans>
      </p>
    </div>
  );
}
