import type { Data, server } from '../../api/client.ts';

/** A category with its product count (GET /categories, by name). */
export type Category = Data<typeof server.categories.$get>['items'][number];

/** GET /products: a page of the products on sale and how many match in all. */
export type ProductPage = Data<typeof server.products.$get>;
/** A product on sale, as anyone sees it; the data of the live `product.added` and `product.changed`. */
export type Product = ProductPage['items'][number];

/** A seller's storefront (GET /sellers/{id}); the data of the live `storefront.changed`. */
export type Storefront = Data<(typeof server.sellers)[':id']['$get']>;
