import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { SellerProfile } from '../../../../../domain/seller/events.ts';
import { PROFILE_LIMITS, sellerProfileSchema } from '../../../../../domain/seller/schemas.ts';
import { ApiError, call, server } from '../../../api/client.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Field, TextAreaField } from '../../../components/Field.tsx';
import { useForm } from '../../../forms.ts';
import { toast } from '../../../state/toasts.ts';
import type { SellerStorefront } from '../types.ts';

/** The short optional fields, side by side. */
const OPTIONAL_FIELDS = [
  { name: 'region', label: msg`Region (optional)`, placeholder: msg`Varanasi, Uttar Pradesh` },
  { name: 'craft', label: msg`Craft (optional)`, placeholder: msg`Handloom silk weaving` },
] as const;

interface StorefrontFormProps {
  storefront: SellerStorefront;
  /** After a save, with the log position it reached. */
  onSaved: (position: number) => Promise<void>;
  onCancel: () => void;
  /** Opens the form again on the latest version (after an edit made meanwhile). */
  onLoadLatest: () => void;
}

/**
 * The storefront profile, checked with the schema the API uses. The version it was opened at
 * goes with it, so an edit made meanwhile (in another tab, or by an admin) is not overwritten.
 */
export function StorefrontForm({ storefront, onSaved, onCancel, onLoadLatest }: StorefrontFormProps) {
  const { t } = useLingui();
  // The version the fields were filled from: a newer one arriving live must not be taken as read.
  const [openedAt] = useState(storefront.version);
  // A save refused because a newer version exists, or one seen arriving live: the form offers to load it.
  const [refused, setRefused] = useState(false);
  const outdated = refused || storefront.version > openedAt;
  // The button that opened the form is gone: the form's heading takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function save(profile: SellerProfile) {
    const { position } = await call(
      server.sellers[':id'].profile.$put({
        param: { id: encodeURIComponent(storefront.id) },
        json: { ...profile, expectedVersion: openedAt },
      }),
    ).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'version_conflict') setRefused(true);
      throw error;
    });
    toast({ title: t`Storefront updated`, description: t`Buyers see the new version now.` });
    await onSaved(position);
  }

  const storyLimit = PROFILE_LIMITS.story;
  const { errors, busy, onSubmit } = useForm(sellerProfileSchema, save, t`Error updating your storefront`);

  return (
    <div className="card border border-base-300 p-6">
      <h3 ref={heading} tabIndex={-1} className="mb-4 text-lg font-semibold outline-none">
        <Trans>Edit your storefront</Trans>
      </h3>
      {outdated && (
        <Alert tone="info" className="mb-4 flex flex-wrap justify-between">
          <span>
            <Trans>A newer version of your storefront was saved since you opened this form.</Trans>
          </span>
          <button type="button" className="btn btn-sm" disabled={busy} onClick={onLoadLatest}>
            <Trans>Load the latest version</Trans>
          </button>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-x-6 md:grid-cols-2">
        <Field
          label={t`Display Name`}
          name="displayName"
          defaultValue={storefront.displayName}
          required
          maxLength={PROFILE_LIMITS.displayName}
          error={errors.displayName}
          className="md:col-span-2"
        />
        {OPTIONAL_FIELDS.map(({ name, label, placeholder }) => (
          <Field
            key={name}
            label={t(label)}
            name={name}
            defaultValue={storefront[name] ?? ''}
            maxLength={PROFILE_LIMITS[name]}
            placeholder={t(placeholder)}
            error={errors[name]}
          />
        ))}
        <TextAreaField
          label={t`Your Story (optional, up to ${storyLimit} characters)`}
          name="story"
          defaultValue={storefront.story ?? ''}
          rows={6}
          maxLength={PROFILE_LIMITS.story}
          error={errors.story}
          className="md:col-span-2"
        />
        <div className="mt-2 flex flex-wrap gap-3 md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Saving...` : t`Save Storefront`}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
