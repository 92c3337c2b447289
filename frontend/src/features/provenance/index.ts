/** What other features use of proof of origin: the seller's product origin and tag, the buyer's badges, the admins' words. */
export { ProductOrigin } from './ProductOrigin.tsx';
