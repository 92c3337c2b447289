import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { MAX_ADDRESSES } from '../../../../domain/address-book/limits.ts';
import { editAddressSchema } from '../../../../domain/address-book/schemas.ts';
import type { ApiError } from '../../api/client.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useForm } from '../../forms.ts';
import { toast } from '../../state/toasts.ts';
import { addressLines } from './addressFields.ts';
import { editAddress, removeAddress, saveAddress, setDefaultAddress } from './addressCommands.ts';
import { AddressFields } from './AddressFields.tsx';
import { newAddressFormSchema } from './addressForm.ts';
import type { AddressBook, SavedAddress } from './types.ts';
import { useAddressBook } from './useAddressBook.ts';

const SAVE_FAILED = msg`Could not save the address`;

/** The account page's saved addresses: add (up to five), edit, remove, and the default checkout picks first. */
export function AddressBookSection() {
  const { t } = useLingui();
  const book = useAddressBook();
  // The address being edited, 'new' while adding one, or null.
  const [editing, setEditing] = useState<string | null>(null);
  const titleId = useId();
  const done = (answer: AddressBook) => {
    book.update(() => answer);
    setEditing(null);
  };
  const addresses = book.data?.addresses ?? [];

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-1 text-lg font-semibold">
        <Trans>Saved addresses</Trans>
      </h2>
      <p className="mb-4 text-sm text-base-content/80">
        <Trans>Up to {MAX_ADDRESSES}. Checkout picks your default address first.</Trans>
      </p>
      {book.loading ? (
        <Skeleton className="h-24 w-full" />
      ) : book.failed ? (
        <LoadFailed what={t`your addresses`} onRetry={() => void book.reload()} />
      ) : (
        <>
          {addresses.length > 0 && (
            <ul className="mb-4 divide-y divide-base-300 border-y border-base-300" aria-label={t`Saved addresses`}>
              {addresses.map((saved) => (
                <li key={saved.id} className="py-4">
                  {editing === saved.id ? (
                    <AddressForm saved={saved} onDone={done} onCancel={() => setEditing(null)} />
                  ) : (
                    <AddressRow saved={saved} onEdit={() => setEditing(saved.id)} onChange={done} />
                  )}
                </li>
              ))}
            </ul>
          )}
          {editing === 'new' ? (
            <AddressForm onDone={done} onCancel={() => setEditing(null)} />
          ) : addresses.length < MAX_ADDRESSES ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing('new')}>
              <Trans>Add an address</Trans>
            </button>
          ) : (
            <p className="text-sm text-base-content/80">
              <Trans>You have saved {MAX_ADDRESSES} addresses: remove one to add another.</Trans>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function AddressRow({
  saved,
  onEdit,
  onChange,
}: {
  saved: SavedAddress;
  onEdit: () => void;
  onChange: (book: AddressBook) => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [who, where] = addressLines(saved.address);

  async function send(command: () => Promise<AddressBook>, failure: string) {
    setBusy(true);
    try {
      onChange(await command());
    } catch (error) {
      toast({ title: failure, description: (error as ApiError).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span dir="auto">{who}</span>
          {saved.isDefault && (
            <span className="badge badge-primary badge-sm">
              <Trans>Default</Trans>
            </span>
          )}
        </p>
        <p className="text-sm break-words text-base-content/80" dir="auto">
          {where}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!saved.isDefault && (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            disabled={busy}
            aria-label={t`Make default: ${where}`}
            onClick={() => void send(() => setDefaultAddress(saved.id), t`Could not change the default address`)}
          >
            <Trans>Make default</Trans>
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          disabled={busy}
          aria-label={t`Edit: ${where}`}
          onClick={onEdit}
        >
          <Trans>Edit</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-error"
          disabled={busy}
          aria-label={t`Remove: ${where}`}
          onClick={() => void send(() => removeAddress(saved.id), t`Could not remove the address`)}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </div>
  );
}

/** Adds an address, or edits `saved`. */
function AddressForm({
  saved,
  onDone,
  onCancel,
}: {
  saved?: SavedAddress;
  onDone: (book: AddressBook) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const adding = useForm(
    newAddressFormSchema,
    async ({ makeDefault, ...address }) => onDone(await saveAddress(address, makeDefault)),
    t(SAVE_FAILED),
  );
  const changing = useForm(
    editAddressSchema,
    async (address) => onDone(await editAddress(saved!.id, address)),
    t(SAVE_FAILED),
  );
  const { errors, busy, onSubmit } = saved ? changing : adding;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={saved ? t`Edit address` : t`New address`}>
      <AddressFields errors={errors} initial={saved?.address} />
      {!saved && (
        <label className="mb-4 flex cursor-pointer items-center gap-2 text-sm">
          <input type="checkbox" name="makeDefault" className="checkbox checkbox-primary checkbox-sm" />
          <Trans>Make this my default address</Trans>
        </label>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? <Trans>Saving...</Trans> : <Trans>Save address</Trans>}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
