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

const SAVE_FAILED = 'Could not save the address';

/** The account page's saved addresses: add (up to five), edit, remove, and the default checkout picks first. */
export function AddressBookSection() {
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
        Saved addresses
      </h2>
      <p className="mb-4 text-sm text-base-content/80">
        Up to {MAX_ADDRESSES}. Checkout picks your default address first.
      </p>
      {book.loading ? (
        <Skeleton className="h-24 w-full" />
      ) : book.failed ? (
        <LoadFailed what="your addresses" onRetry={() => void book.reload()} />
      ) : (
        <>
          {addresses.length > 0 && (
            <ul className="mb-4 divide-y divide-base-300 border-y border-base-300" aria-label="Saved addresses">
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
              Add an address
            </button>
          ) : (
            <p className="text-sm text-base-content/80">
              You have saved {MAX_ADDRESSES} addresses: remove one to add another.
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
          {who}
          {saved.isDefault && <span className="badge badge-primary badge-sm">Default</span>}
        </p>
        <p className="text-sm break-words text-base-content/80">{where}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!saved.isDefault && (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            disabled={busy}
            aria-label={`Make default: ${where}`}
            onClick={() => void send(() => setDefaultAddress(saved.id), 'Could not change the default address')}
          >
            Make default
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          disabled={busy}
          aria-label={`Edit: ${where}`}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-error"
          disabled={busy}
          aria-label={`Remove: ${where}`}
          onClick={() => void send(() => removeAddress(saved.id), 'Could not remove the address')}
        >
          Remove
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
  const adding = useForm(
    newAddressFormSchema,
    async ({ makeDefault, ...address }) => onDone(await saveAddress(address, makeDefault)),
    SAVE_FAILED,
  );
  const changing = useForm(
    editAddressSchema,
    async (address) => onDone(await editAddress(saved!.id, address)),
    SAVE_FAILED,
  );
  const { errors, busy, onSubmit } = saved ? changing : adding;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={saved ? 'Edit address' : 'New address'}>
      <AddressFields errors={errors} initial={saved?.address} />
      {!saved && (
        <label className="mb-4 flex cursor-pointer items-center gap-2 text-sm">
          <input type="checkbox" name="makeDefault" className="checkbox checkbox-primary checkbox-sm" />
          Make this my default address
        </label>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? 'Saving...' : 'Save address'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
