import { expect, it } from 'vitest';
import { PUNE_ADDRESS } from '../../../../domain/order/addresses.fixtures.ts';
import { newAddressFormSchema } from './addressForm.ts';

it('makes the new address the default only when its box is ticked', () => {
  expect(newAddressFormSchema.parse({ ...PUNE_ADDRESS, makeDefault: 'on' })).toEqual({
    ...PUNE_ADDRESS,
    makeDefault: true,
  });
  expect(newAddressFormSchema.parse(PUNE_ADDRESS)).toEqual({ ...PUNE_ADDRESS, makeDefault: false });
});
