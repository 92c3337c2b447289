import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { translationFormSchema } from '../../../../domain/product/translation-schema.ts';
import type { ProductTranslation } from '../../../../domain/product/translation.ts';
import { call, server } from '../../api/client.ts';
import { Field, TextAreaField } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { toast } from '../../state/toasts.ts';
import type { SellerProduct } from './types.ts';

/** Where a product's Hindi is saved and taken away (api/routes/product-translations.ts). */
const hindiOf = (productId: string) => ({ param: { id: encodeURIComponent(productId), locale: 'hi' as const } });

/**
 * A product's name, description and tags in Hindi, beside the English ones of the product form:
 * saved on their own and at once (no review), each left empty shown to buyers in English.
 */
export function ProductTranslationFields({
  product,
  onSaved,
}: {
  product: SellerProduct;
  /** After a save or a removal, with the log position it reached. */
  onSaved: (position: number) => void;
}) {
  const { t } = useLingui();
  const [saved, setSaved] = useState<ProductTranslation | null>(product.translations.hi ?? null);
  // A new version of the fields after a removal: the inputs start again from empty.
  const [version, setVersion] = useState(0);

  async function save(translation: ProductTranslation) {
    const routes = server.seller.products[':id'].translations[':locale'];
    const { position } = await call(routes.$put({ ...hindiOf(product.id), json: translation }));
    setSaved(translation);
    toast({ title: t`Hindi saved`, description: t`Buyers reading Hindi see it now.` });
    onSaved(position);
  }

  const { errors, busy, onSubmit } = useForm(translationFormSchema, save, t`Error saving the Hindi`);

  async function remove() {
    try {
      const { position } = await call(
        server.seller.products[':id'].translations[':locale'].$delete(hindiOf(product.id)),
      );
      setSaved(null);
      setVersion((n) => n + 1);
      toast({ title: t`Hindi removed`, description: t`Buyers reading Hindi see the English name.` });
      onSaved(position);
    } catch (error) {
      toast({ title: t`Error removing the Hindi`, description: (error as Error).message, tone: 'error' });
    }
  }

  return (
    <section aria-labelledby="hindi-title" className="card mt-6 border border-base-300 p-6">
      <h2 id="hindi-title" className="text-xl font-semibold">
        {t`In Hindi`}
      </h2>
      <p className="mb-4 text-base-content/80">
        {t`Buyers reading MIBI in Hindi see these; a field left empty shows in English. Saved at once, without review.`}
      </p>
      <form key={version} onSubmit={onSubmit} noValidate aria-label={t`In Hindi`} className="grid gap-x-6">
        <Field
          label={t`Name in Hindi`}
          name="name"
          lang="hi"
          dir="auto"
          defaultValue={saved?.name ?? ''}
          maxLength={200}
          error={errors.name}
        />
        <TextAreaField
          label={t`Description in Hindi (optional)`}
          name="description"
          lang="hi"
          dir="auto"
          rows={3}
          defaultValue={saved?.description ?? ''}
          error={errors.description}
        />
        <Field
          label={t`Tags in Hindi (comma-separated, optional)`}
          name="tags"
          lang="hi"
          dir="auto"
          defaultValue={saved?.tags.join(', ') ?? ''}
          error={errors.tags}
        />
        <div className="mt-2 flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Saving...` : t`Save Hindi`}
          </button>
          {saved && (
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void remove()}>
              {t`Remove Hindi`}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
