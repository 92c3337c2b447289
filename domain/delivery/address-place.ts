/**
 * An address's PIN code must be one India Post lists, and its State field must name the state or
 * UT that PIN is in: the zone of a delivery, and so its promise, is read from the PIN.
 */
import { DomainError } from '../decider.ts';
import type { ShippingAddress } from '../order/events.ts';
import { stateByCode, stateByName } from '../tax/states.ts';
import { placeOfPin } from './pin-directory.ts';

export const PIN_MESSAGES = {
  unknown: /*i18n*/ 'This PIN code does not exist: check it',
} as const;

/** The state field does not agree with the PIN: "PIN code 560001 is in Karnataka". */
export const pinIsIn = (pincode: string, stateCodes: readonly string[]): string =>
  `PIN code ${pincode} is in ${stateCodes.map((code) => stateByCode(code)?.name ?? code).join(' or ')}`;

/** What is wrong with the address's PIN code and state, by field ('pincode', 'state'); null when they hold. */
export function addressPlaceRefusal({ pincode, state }: Pick<ShippingAddress, 'pincode' | 'state'>) {
  const place = placeOfPin(pincode);
  if (!place) return { field: 'pincode', message: PIN_MESSAGES.unknown } as const;
  const named = stateByName(state);
  if (named && place.stateCodes.includes(named.code)) return null;
  return { field: 'state', message: pinIsIn(pincode, place.stateCodes) } as const;
}

/** Refuses an address whose PIN or state does not hold, the message on its field (`prefix` before it: 'shippingAddress.'). */
export function assertAddressPlace(address: Pick<ShippingAddress, 'pincode' | 'state'>, prefix = ''): void {
  const refusal = addressPlaceRefusal(address);
  if (refusal)
    throw new DomainError('validation_failed', refusal.message, 'invalid', {
      [`${prefix}${refusal.field}`]: refusal.message,
    });
}
