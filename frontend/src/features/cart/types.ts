import type { Data, server } from '../../api/client.ts';

/** GET /cart: the lines at current prices and stock, the units in it (the header badge) and the subtotal. */
export type Cart = Data<typeof server.cart.$get>;
export type CartLine = Cart['lines'][number];
