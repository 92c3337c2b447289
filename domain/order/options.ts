import type { Paise } from '../money.ts';

/** Delivery choices at checkout (spec section 9), in the order they are offered. */
export const DELIVERY_METHODS = ['standard', 'express', 'overnight'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export interface DeliveryOption {
  id: DeliveryMethod;
  label: string;
  chargePaise: Paise;
  estimate: string;
}

export const DELIVERY_OPTIONS: Record<DeliveryMethod, DeliveryOption> = {
  // Charges in paise: 50_00 is ₹50.00.
  standard: {
    id: 'standard',
    label: /*i18n*/ 'Standard Delivery',
    chargePaise: 50_00,
    estimate: /*i18n*/ '5-7 business days',
  },
  express: {
    id: 'express',
    label: /*i18n*/ 'Express Delivery',
    chargePaise: 150_00,
    estimate: /*i18n*/ '2-3 business days',
  },
  overnight: {
    id: 'overnight',
    label: /*i18n*/ 'Overnight Delivery',
    chargePaise: 300_00,
    estimate: /*i18n*/ 'Next day',
  },
};

export const DEFAULT_DELIVERY: DeliveryMethod = 'standard';

export const PAYMENT_METHOD_IDS = ['cod', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_IDS)[number];

export interface PaymentOption {
  id: PaymentMethod;
  label: string;
  description: string;
  /** Shown but not selectable when false. */
  enabled: boolean;
}

export const PAYMENT_METHODS: Record<PaymentMethod, PaymentOption> = {
  cod: { id: 'cod', label: /*i18n*/ 'Cash on Delivery', description: /*i18n*/ 'Pay when you receive', enabled: true },
  online: {
    id: 'online',
    label: /*i18n*/ 'Pay online (UPI, cards, netbanking)',
    description: /*i18n*/ 'Pay now on the payment page',
    enabled: true,
  },
};

export const DEFAULT_PAYMENT: PaymentMethod = 'cod';
