import { expect, it } from 'vitest';
import { KOCHI_ADDRESS, PUNE_ADDRESS } from '../../../../domain/order/addresses.fixtures.ts';
import { checkoutFormSchema } from './checkoutForm.ts';

const form = { ...KOCHI_ADDRESS, phone: '98470 12345', delivery: 'express', payment: 'cod', saveAddress: 'on' };

it('sends the address typed in, under shippingAddress, without the picker’s own inputs', () => {
  expect(checkoutFormSchema(null).parse(form)).toEqual({
    shippingAddress: KOCHI_ADDRESS,
    delivery: 'express',
    payment: 'cod',
  });
});

it('sends the saved address picked, whatever the hidden inputs hold', () => {
  const picked = { delivery: 'standard', payment: 'cod', savedAddress: 'a-1' };
  expect(checkoutFormSchema(PUNE_ADDRESS).parse(picked).shippingAddress).toEqual(PUNE_ADDRESS);
});

it('keys the messages of a typed address as the API does', () => {
  const result = checkoutFormSchema(null).safeParse({ ...form, pincode: '' });
  expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toEqual([
    'shippingAddress.pincode',
  ]);
});
