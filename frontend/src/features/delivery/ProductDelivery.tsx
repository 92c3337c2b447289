import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Field } from '../../components/Field.tsx';
import { deliveryLabel } from '../../i18n/domain-labels.ts';
import { session } from '../../state/session.ts';
import { useAddressBook } from '../addresses/index.ts';
import { rememberedPin, rememberPin } from './rememberedPin.ts';
import { productEstimates, useDeliveryEstimates } from './useDeliveryEstimates.ts';
import { arrivesText } from './windowText.ts';

/**
 * The product page's delivery windows: to the PIN code the buyer last typed here, else their
 * default address's, each option's "Arrives 3-5 Dec". A PIN typed is remembered for the next product.
 */
export function ProductDelivery({ productId, variantId }: { productId: string; variantId: string | undefined }) {
  useSignals();
  const { t } = useLingui();
  // Read once the page is the browser's: a page drawn on the server has none, and the browser
  // takes it over as drawn.
  const [pincode, setPincode] = useState('');
  useEffect(() => setPincode((typed) => typed || (rememberedPin() ?? '')), []);
  const state = useDeliveryEstimates(pincode, productEstimates(productId, variantId), `${productId}/${variantId}`);

  useEffect(() => {
    if (state.status === 'ready') rememberPin(state.estimates.pincode);
  }, [state]);

  return (
    <section aria-labelledby="delivery-title" className="rounded-box border border-base-300 p-4">
      <h2 id="delivery-title" className="font-semibold">
        <Trans>Delivery</Trans>
      </h2>
      {session.value && pincode === '' && <DefaultAddressPin onPin={setPincode} />}
      <Field
        label={t`Deliver to PIN code`}
        name="deliveryPincode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={7}
        className="mt-2 max-w-48"
        value={pincode}
        onChange={(event) => setPincode(event.target.value)}
        error={state.status === 'refused' ? state.message : undefined}
      />
      {state.status === 'ready' && (
        <>
          <Destination district={state.estimates.place.district} state={state.estimates.place.state} />
          <ul className="mt-2 space-y-1" aria-label={t`Delivery windows`}>
            {state.estimates.parcels[0]!.options.map((option) => (
              <li key={option.delivery}>
                <span className="font-medium">{deliveryLabel(option.delivery)}:</span>{' '}
                {arrivesText(option.from, option.to)}
              </li>
            ))}
          </ul>
        </>
      )}
      {state.status === 'idle' && (
        <p className="text-sm text-base-content/80">
          <Trans>Enter a PIN code to see when it arrives.</Trans>
        </p>
      )}
      {state.status === 'loading' && (
        <p className="text-sm text-base-content/80">
          <Trans>Checking delivery dates...</Trans>
        </p>
      )}
    </section>
  );
}

/** Where the PIN code is: a place name as the postal directory spells it. */
function Destination({ district, state }: { district: string; state: string }) {
  return (
    <p className="text-sm text-base-content/80">
      <Trans>
        To {district}, {state}
      </Trans>
    </p>
  );
}

/** Gives the signed-in buyer's default address's PIN code once the address book is read. */
function DefaultAddressPin({ onPin }: { onPin: (pincode: string) => void }) {
  const book = useAddressBook();
  const pincode = book.data?.addresses[0]?.address.pincode;
  useEffect(() => {
    if (pincode) onPin(pincode);
  }, [pincode, onPin]);
  return null;
}
