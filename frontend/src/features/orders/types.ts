import type { Data, server } from '../../api/client.ts';

/** An order as its buyer sees it (GET /orders, newest first); the data of the live `order.changed`. */
export type Order = Data<typeof server.orders.$get>[number];
