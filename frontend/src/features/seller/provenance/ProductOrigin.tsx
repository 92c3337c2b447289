import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { provenanceCode } from '../../../../../domain/provenance/code.ts';
import { MAKING_METHODS, type MakingMethod } from '../../../../../domain/provenance/events.ts';
import type { OriginInput } from '../../../../../domain/provenance/schemas.ts';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { ChoiceField, Field } from '../../../components/Field.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { useForm } from '../../../forms.ts';
import { toast } from '../../../state/toasts.ts';
import { originFormSchema } from './originForm.ts';
import { METHOD_LABELS, provenancePath, qrHref } from '../../provenance/index.ts';

/**
 * A product's origin (its makers, chosen from the seller's own, how it was made, and the
 * production partner when there is one), and its tag: the provenance code to print, the page it
 * opens and its QR code to download.
 */
export function ProductOrigin({ productId, productName }: { productId: string; productName: string }) {
  const { t } = useLingui();
  const makers = useApiGet((options) => server.seller.makers.$get({}, options), [], t`Failed to load your makers`);
  const origins = useApiGet((options) => server.seller.origins.$get({}, options), [], t`Failed to load origins`);
  const stated = origins.data?.find((origin) => origin.productId === productId) ?? null;
  return (
    <section aria-labelledby="origin-title" className="card mt-6 border border-base-300 p-6">
      <h2 id="origin-title" className="text-xl font-semibold">
        <Trans>Origin and tag</Trans>
      </h2>
      <p className="mb-4 text-base-content/80">
        <Trans>
          Who made <span dir="auto">{productName}</span> and how: buyers see it under “Made by”.
        </Trans>
      </p>
      {makers.loading || origins.loading ? (
        <Skeleton className="h-40 rounded-box" />
      ) : (
        <OriginForm
          // Filled afresh once the saved origin is read back.
          key={stated?.statedAt ?? 'none'}
          productId={productId}
          makers={makers.data ?? []}
          stated={stated}
          onSaved={(position) => void origins.reload(position)}
        />
      )}
      <Tag productId={productId} />
    </section>
  );
}

interface OriginFormProps {
  productId: string;
  makers: ReadonlyArray<{ id: string; name: string; craft: string }>;
  stated: { makerIds: string[]; method: MakingMethod; productionPartner: string | null } | null;
  onSaved: (position: number) => void;
}

function OriginForm({ productId, makers, stated, onSaved }: OriginFormProps) {
  const { t } = useLingui();
  const makersId = useId();
  const [chosen, setChosen] = useState<readonly string[]>(stated?.makerIds ?? []);
  const [method, setMethod] = useState<MakingMethod | ''>(stated?.method ?? '');

  async function save(origin: OriginInput) {
    const { position } = await call(
      server.seller.products[':id'].origin.$put({ param: { id: encodeURIComponent(productId) }, json: origin }),
    );
    toast({ title: t`Origin saved`, description: t`Buyers see who made it on the product page.` });
    onSaved(position);
  }

  const { errors, busy, onSubmit } = useForm(originFormSchema, save, t`Error saving origin`, () => ({
    makerIds: chosen,
  }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Origin`} className="grid gap-x-6 md:grid-cols-2">
      <fieldset className="mb-4 md:col-span-2" aria-describedby={errors.makerIds ? `${makersId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">
          <Trans>Made by</Trans>
        </legend>
        {makers.length === 0 ? (
          <p className="text-sm">
            <Trans>
              You have no makers yet.{' '}
              <Link href="/seller/makers" className="link">
                Add your makers
              </Link>{' '}
              first.
            </Trans>
          </p>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-1">
            {makers.map((maker) => (
              <li key={maker.id}>
                <label className="flex cursor-pointer items-center gap-2">
                  <input
                    type="checkbox"
                    name="makerIds"
                    className="checkbox checkbox-sm"
                    checked={chosen.includes(maker.id)}
                    aria-invalid={errors.makerIds ? true : undefined}
                    onChange={(event) =>
                      setChosen(event.target.checked ? [...chosen, maker.id] : chosen.filter((id) => id !== maker.id))
                    }
                  />
                  <span>
                    <span dir="auto">{maker.name}</span>{' '}
                    <span className="text-sm text-base-content/80">
                      (<span dir="auto">{maker.craft}</span>)
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p id={`${makersId}-error`} className="min-h-5 pt-0.5 text-sm text-error">
          {errors.makerIds}
        </p>
      </fieldset>
      <ChoiceField
        label={t`How it was made`}
        name="method"
        choices={MAKING_METHODS}
        labelOf={(choice) => t(METHOD_LABELS[choice])}
        value={method}
        onChange={(event) => setMethod(event.target.value as MakingMethod)}
        error={errors.method}
      />
      {method === 'production-partner' && (
        <Field
          label={t`Production partner`}
          name="productionPartner"
          defaultValue={stated?.productionPartner ?? ''}
          maxLength={100}
          required
          error={errors.productionPartner}
        />
      )}
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t`Saving...` : t`Save Origin`}
        </button>
      </div>
    </form>
  );
}

/** The product's tag: its provenance code printed big, its public page, and the QR code that opens it. */
function Tag({ productId }: { productId: string }) {
  const code = provenanceCode(productId);
  return (
    <div className="mt-6 rounded-box bg-base-200 p-4">
      <h3 className="font-semibold">
        <Trans>Tag</Trans>
      </h3>
      <p className="text-sm text-base-content/80">
        <Trans>Print the code or the QR code on the product’s tag: it opens its provenance page.</Trans>
      </p>
      <p className="my-2 font-mono text-4xl font-bold tracking-widest" translate="no">
        {code}
      </p>
      <div className="flex flex-wrap gap-3">
        <a href={qrHref(code, 'svg')} download={`mibi-${code}.svg`} className="btn btn-outline btn-sm">
          <Icon name="layers" className="size-4" /> <Trans>Download QR code (SVG)</Trans>
        </a>
        <a href={qrHref(code, 'png')} download={`mibi-${code}.png`} className="btn btn-outline btn-sm">
          <Icon name="image" className="size-4" /> <Trans>Download QR code (PNG)</Trans>
        </a>
        <Link href={provenancePath(code)} className="link self-center">
          <Trans>Open the provenance page</Trans>
        </Link>
      </div>
    </div>
  );
}
