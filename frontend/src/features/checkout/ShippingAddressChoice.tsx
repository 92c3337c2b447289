import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton } from '../../components/Skeleton.tsx';
import type { FieldErrors } from '../../forms.ts';
import { AddressFields, type SavedAddress, addressLines } from '../addresses/index.ts';
import { ChoiceCard } from './ChoiceCard.tsx';

interface ShippingAddressChoiceProps {
  /** The saved addresses, the default first; null while they load. */
  addresses: readonly SavedAddress[] | null;
  /** The saved address picked, or null for a new one typed in. */
  chosen: string | null;
  onChoose: (addressId: string | null) => void;
  errors: FieldErrors;
  /** Whether a new address is saved with the order; null when there is no room for it (five saved). */
  keep: boolean | null;
  onKeep: (keep: boolean) => void;
}

/** Checkout's shipping address: a saved one (the default picked at first), or a new one, saved for next time when ticked. */
export function ShippingAddressChoice({
  addresses,
  chosen,
  onChoose,
  errors,
  keep,
  onKeep,
}: ShippingAddressChoiceProps) {
  const { t } = useLingui();
  if (addresses === null) return <Skeleton className="h-64 w-full" />;
  return (
    <div className="flex flex-col gap-3">
      {addresses.map((saved) => {
        const [who, where] = addressLines(saved.address);
        return (
          <ChoiceCard
            key={saved.id}
            name="savedAddress"
            value={saved.id}
            title={who}
            detail={where}
            aside={
              saved.isDefault && (
                <span className="badge badge-primary badge-sm">
                  <Trans>Default</Trans>
                </span>
              )
            }
            checked={chosen === saved.id}
            onChange={() => onChoose(saved.id)}
          />
        );
      })}
      {addresses.length > 0 && (
        <ChoiceCard
          name="savedAddress"
          value=""
          title={t`Use a new address`}
          detail={t`Type it below`}
          checked={chosen === null}
          onChange={() => onChoose(null)}
        />
      )}
      {chosen === null && (
        <div className={addresses.length > 0 ? 'mt-3' : ''}>
          <AddressFields errors={errors} errorKey={(name) => `shippingAddress.${name}`} />
          {keep !== null && (
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="saveAddress"
                className="checkbox checkbox-primary checkbox-sm"
                checked={keep}
                onChange={(event) => onKeep(event.target.checked)}
              />
              <Trans>Save this address for next time</Trans>
            </label>
          )}
        </div>
      )}
    </div>
  );
}
