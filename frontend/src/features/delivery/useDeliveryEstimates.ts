import { useEffect, useState } from 'react';
import { ApiError, call, type Data, server } from '../../api/client.ts';
import { looksLikePin } from './windowText.ts';

export type DeliveryEstimates = Data<(typeof server)['delivery-estimates']['cart']['$get']>;

export type EstimatesState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; estimates: DeliveryEstimates }
  | { status: 'refused'; message: string };

/**
 * The delivery windows to `pincode` (asked only once it looks like a PIN), fetched again when it
 * or `key` changes: the product page's (a product and variant) or checkout's (the cart).
 */
export function useDeliveryEstimates(
  pincode: string,
  request: (pincode: string) => Promise<DeliveryEstimates>,
  key: string,
): EstimatesState {
  const [state, setState] = useState<EstimatesState>({ status: 'idle' });
  const pin = pincode.replace(/\s/g, '');
  useEffect(() => {
    if (!looksLikePin(pin)) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    request(pin).then(
      (estimates) => current && setState({ status: 'ready', estimates }),
      (error: Error) =>
        current &&
        setState({
          status: 'refused',
          message: error instanceof ApiError ? (error.fields.pincode ?? error.message) : error.message,
        }),
    );
    return () => {
      current = false;
    };
    // `request` is a new function each render; what it asks is named by `key`.
  }, [pin, key]);
  return state;
}

export const productEstimates = (productId: string, variantId: string | undefined) => (pincode: string) =>
  call(
    server['delivery-estimates'].products[':id'].$get({
      param: { id: productId },
      query: { pincode, ...(variantId !== undefined && { variantId }) },
    }),
  );

export const cartEstimates = (pincode: string) => call(server['delivery-estimates'].cart.$get({ query: { pincode } }));
