/** Delivery promises in the SPA: windows at checkout and on the product page, the promise on an order. */
export { OptionWindows } from './OptionWindows.tsx';
export { OrderPromise } from './OrderPromise.tsx';
export { ProductDelivery } from './ProductDelivery.tsx';
export { cartEstimates, useDeliveryEstimates } from './useDeliveryEstimates.ts';
