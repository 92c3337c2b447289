import { describe, expect, it } from 'vitest';
import { errorsOf } from '../testing.ts';
import { checkoutSchema, orderStatusChangeSchema } from './schemas.ts';

const address = {
  firstName: ' Asha ',
  lastName: 'Rao',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400001',
};

describe('checkoutSchema', () => {
  it('defaults to standard delivery and cash on delivery', () => {
    expect(checkoutSchema.parse({ shippingAddress: address })).toEqual({
      shippingAddress: { ...address, firstName: 'Asha' },
      delivery: 'standard',
      payment: 'cod',
    });
  });

  it('lets online payment through for PlaceOrder to refuse', () => {
    expect(checkoutSchema.parse({ shippingAddress: address, delivery: 'overnight', payment: 'online' })).toMatchObject({
      delivery: 'overnight',
      payment: 'online',
    });
  });

  it('requires all seven address fields', () => {
    expect(errorsOf(checkoutSchema, { shippingAddress: {} })).toEqual({
      'shippingAddress.firstName': 'First name is required',
      'shippingAddress.lastName': 'Last name is required',
      'shippingAddress.phone': 'Phone number is required',
      'shippingAddress.address': 'Address is required',
      'shippingAddress.city': 'City is required',
      'shippingAddress.state': 'State is required',
      'shippingAddress.pincode': 'PIN code is required',
    });
    expect(errorsOf(checkoutSchema, { shippingAddress: { ...address, city: '  ' } })).toEqual({
      'shippingAddress.city': 'City is required',
    });
  });

  const phones = ['9876543210', '+91 98765 43210', '+919876543210', '098765-43210', ' 98765 43210 '];
  it.each(phones)('reads phone %j as 10 digits', (phone) => {
    expect(checkoutSchema.parse({ shippingAddress: { ...address, phone } }).shippingAddress.phone).toBe('9876543210');
  });

  it.each(['987654321', '98765432100', '0987654321', '+1 9876543210', '98765x3210'])('refuses phone %j', (phone) => {
    expect(errorsOf(checkoutSchema, { shippingAddress: { ...address, phone } })).toEqual({
      'shippingAddress.phone': 'Enter a valid 10-digit phone number',
    });
  });

  it.each([
    ['400001', '400001'],
    ['400 001', '400001'],
  ])('reads PIN code %j as %j', (pincode, expected) => {
    expect(checkoutSchema.parse({ shippingAddress: { ...address, pincode } }).shippingAddress.pincode).toBe(expected);
  });

  it.each(['040001', '40001', '4000011', 'ABCDEF'])('refuses PIN code %j', (pincode) => {
    expect(errorsOf(checkoutSchema, { shippingAddress: { ...address, pincode } })).toEqual({
      'shippingAddress.pincode': 'Enter a valid 6-digit PIN code',
    });
  });

  it('names the delivery and payment choices', () => {
    expect(errorsOf(checkoutSchema, { shippingAddress: address, delivery: 'drone', payment: 'upi' })).toEqual({
      delivery: 'Choose a delivery option',
      payment: 'Choose a payment method',
    });
  });
});

describe('orderStatusChangeSchema', () => {
  it('needs a reason to cancel only', () => {
    expect(orderStatusChangeSchema.parse({ status: 'shipped' })).toEqual({ status: 'shipped' });
    expect(orderStatusChangeSchema.parse({ status: 'cancelled', reason: ' Out of stock ' })).toEqual({
      status: 'cancelled',
      reason: 'Out of stock',
    });
    expect(errorsOf(orderStatusChangeSchema, { status: 'cancelled' })).toEqual({
      reason: 'Please give a reason for cancelling',
    });
  });

  it('refuses other statuses', () => {
    for (const status of ['pending', 'lost']) {
      expect(errorsOf(orderStatusChangeSchema, { status })).toEqual({
        status: 'Choose processing, shipped, delivered or cancelled',
      });
    }
  });
});
