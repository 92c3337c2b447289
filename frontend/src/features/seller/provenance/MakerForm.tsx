import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { ARTISAN_ID_KINDS, MAKER_KINDS } from '../../../../../domain/provenance/events.ts';
import type { MakerInput } from '../../../../../domain/provenance/schemas.ts';
import { call, server } from '../../../api/client.ts';
import { ChoiceField, Field, SelectField, TextAreaField } from '../../../components/Field.tsx';
import { useForm } from '../../../forms.ts';
import { toast } from '../../../state/toasts.ts';
import { makerFormSchema } from './makerForm.ts';
import type { Maker } from './types.ts';
import { ARTISAN_ID_LABELS, MAKER_KIND_LABELS } from '../../provenance/index.ts';

const CLUSTER_FIELDS = [
  { name: 'place', label: msg`Village or town`, placeholder: msg`Sarai Mohana` },
  { name: 'district', label: msg`District`, placeholder: msg`Varanasi` },
  { name: 'state', label: msg`State`, placeholder: msg`Uttar Pradesh` },
] as const;

interface MakerFormProps {
  /** The maker to change; null adds one. */
  maker: Maker | null;
  /** After a save, with the log position it reached. */
  onSaved: (position: number) => Promise<void>;
  onCancel: () => void;
}

/** Add a maker, or change one (the whole maker is sent again), checked with the API's own schema. */
export function MakerForm({ maker, onSaved, onCancel }: MakerFormProps) {
  const { t } = useLingui();
  const [photo, setPhoto] = useState<{ id: string; url: string | null } | null>(
    maker?.photo ? { id: maker.photo, url: null } : null,
  );
  // The button that opened the form is gone: the form's heading takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function save(fields: MakerInput) {
    const { position } = maker
      ? await call(server.seller.makers[':id'].$put({ param: { id: encodeURIComponent(maker.id) }, json: fields }))
      : await call(server.seller.makers.$post({ json: fields }));
    const makerName = fields.name;
    toast({ title: maker ? t`Maker updated` : t`Maker added`, description: t`${makerName} is among your makers.` });
    await onSaved(position);
  }

  const { errors, busy, onSubmit } = useForm(
    makerFormSchema,
    save,
    maker ? t`Error updating maker` : t`Error adding maker`,
    () => ({ photo: photo?.id ?? '' }),
  );
  const title = maker ? t`Edit ${ph({ makerName: maker.name })}` : t`Add Maker`;

  return (
    <section aria-labelledby="maker-form-title" className="card border border-base-300 p-6">
      <h2 id="maker-form-title" ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold outline-none">
        {title}
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-x-6 md:grid-cols-2">
        <ChoiceField
          label={t`Who they are`}
          name="kind"
          choices={MAKER_KINDS}
          labelOf={(kind) => t(MAKER_KIND_LABELS[kind])}
          defaultValue={maker?.kind ?? ''}
          error={errors.kind}
        />
        <Field
          label={t`Name (as they wish to be shown)`}
          name="name"
          defaultValue={maker?.name}
          maxLength={100}
          required
          error={errors.name}
        />
        <Field
          label={t`Craft`}
          name="craft"
          defaultValue={maker?.craft}
          maxLength={100}
          placeholder={t`Banarasi brocade weaving`}
          required
          error={errors.craft}
          className="md:col-span-2"
        />
        <fieldset className="grid gap-x-6 md:col-span-2 md:grid-cols-2">
          <legend className="mb-2 font-medium">
            <Trans>Cluster: where they work</Trans>
          </legend>
          {CLUSTER_FIELDS.map(({ name, label, placeholder }) => (
            <Field
              key={name}
              label={t(label)}
              name={name}
              defaultValue={maker?.cluster[name]}
              maxLength={100}
              placeholder={t(placeholder)}
              required
              error={errors[`cluster.${name}`]}
            />
          ))}
          <Field
            label={t`PIN Code`}
            name="pin"
            defaultValue={maker?.cluster.pin}
            inputMode="numeric"
            maxLength={6}
            required
            error={errors['cluster.pin']}
          />
        </fieldset>
        <ArtisanIdFields
          maker={maker}
          errors={{ kind: errors['artisanId.kind'], number: errors['artisanId.number'] }}
        />
        <PhotoField photo={photo} onChange={setPhoto} />
        <TextAreaField
          label={t`Their story (optional, up to 1000 characters)`}
          name="story"
          defaultValue={maker?.story}
          rows={4}
          maxLength={1000}
          error={errors.story}
          className="md:col-span-2"
        />
        <div className="mt-2 flex flex-wrap gap-3 md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Saving...` : maker ? t`Save Maker` : t`Add Maker`}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The optional artisan ID. Only its masked form is kept for showing, so changing a maker that has
 * one asks for its number again.
 */
function ArtisanIdFields({
  maker,
  errors,
}: {
  maker: Maker | null;
  errors: { kind: string | undefined; number: string | undefined };
}) {
  const { t } = useLingui();
  const [kind, setKind] = useState<string>(maker?.artisanId?.kind ?? '');
  return (
    <fieldset className="grid gap-x-6 md:col-span-2 md:grid-cols-2">
      <legend className="mb-2 font-medium">
        <Trans>Artisan ID (optional, shown masked)</Trans>
      </legend>
      <SelectField
        label={t`Kind of ID`}
        name="artisanIdKind"
        value={kind}
        onChange={(event) => setKind(event.target.value)}
        error={errors.kind}
      >
        <option value="">
          <Trans>None</Trans>
        </option>
        {ARTISAN_ID_KINDS.map((idKind) => (
          <option key={idKind} value={idKind}>
            {t(ARTISAN_ID_LABELS[idKind])}
          </option>
        ))}
      </SelectField>
      {kind && (
        <Field
          label={
            maker?.artisanId
              ? t`ID number (type it again to keep it: ${ph({ masked: maker.artisanId.masked })})`
              : t`ID number`
          }
          name="number"
          autoComplete="off"
          maxLength={40}
          required
          error={errors.number}
        />
      )}
    </fieldset>
  );
}

/** The maker's photo: uploaded as a product image as soon as it is chosen, shown, and removable. */
function PhotoField({
  photo,
  onChange,
}: {
  photo: { id: string; url: string | null } | null;
  onChange: (photo: { id: string; url: string | null } | null) => void;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const image = await call(server.uploads.$post({ form: { file } }));
      onChange({ id: image.id, url: image.sizes[0]?.url ?? image.url });
    } catch (error) {
      toast({ title: t`Error uploading image`, description: (error as Error).message, tone: 'error' });
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="mb-5 md:col-span-2">
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        <Trans>Photo (optional; PNG, JPG, WEBP (MAX. 5MB))</Trans>
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {photo?.url && (
          <img
            src={photo.url}
            alt={t`The maker's photo`}
            width={64}
            height={64}
            className="size-16 rounded object-cover"
          />
        )}
        {photo && !photo.url && (
          <span className="text-sm">
            <Trans>Photo added</Trans>
          </span>
        )}
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="file-input file-input-bordered"
          disabled={uploading}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        {uploading && (
          <span className="text-sm">
            <Trans>Uploading...</Trans>
          </span>
        )}
        {photo && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
            <Trans>Remove photo</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
