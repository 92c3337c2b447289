/**
 * The admin console's read model: its sellers document (collection `admin_sellers`) and what
 * its queries answer (the sellers' list, the overview), as schemas with the types inferred
 * from them. The routes answer with these schemas; the projection imports only the types, so
 * the threads that run it never load them.
 */
import { z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../domain/order/status.ts';
import { SELLER_STATUSES } from '../../domain/seller/decider.ts';
import type { SellerProductCounts } from '../catalog/queries.ts';
import { TaxProfileSchema } from '../storefronts/documents.ts';
import { RecentSalesSchema } from '../sales/documents.ts';

export const SELLER_ACTIONS = ['verified', 'suspended', 'reinstated'] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];

/**
 * One document per account, so that a buyer who takes on the seller role later is listed
 * with their name; the admins' list shows those with `isSeller`.
 */
export const AdminSellerDocSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  registeredAt: z.string(),
  // From `verified` and `suspended`, to filter on.
  status: z.enum(SELLER_STATUSES),
  verified: z.boolean().openapi({ description: 'Kept while suspended, so reinstating restores it' }),
  suspended: z.boolean(),
  // The admins' decisions about the seller, oldest first.
  history: z.array(
    z.object({
      action: z.enum(SELLER_ACTIONS),
      reason: z.string().nullable(),
      by: z.string().openapi({ description: 'The admin' }),
      at: z.string(),
    }),
  ),
  // Holds the seller role now.
  isSeller: z.boolean(),
  taxProfile: TaxProfileSchema.nullable().openapi({
    description: 'Who the seller is for GST (its GSTIN to check before verifying); null until the seller sets it',
  }),
});
export type AdminSellerDoc = z.infer<typeof AdminSellerDocSchema>;

/** A seller as the admins' list shows them: standing, the decisions that led to it, and product counts. */
export const AdminSellerSchema = AdminSellerDocSchema.omit({ isSeller: true })
  .extend({
    products: z.object({
      listed: z.number().int().openapi({ description: 'Not deleted' }),
      onSale: z.number().int().openapi({ description: 'In the public catalog' }),
      pendingReview: z.number().int(),
    }) satisfies z.ZodType<SellerProductCounts>,
  })
  .openapi('AdminSeller');
export type AdminSeller = z.infer<typeof AdminSellerSchema>;

const count = (description: string) => z.number().int().openapi({ description });

/** What awaits the admins, orders by status, and the recent sales. */
export const AdminOverviewSchema = z
  .object({
    users: count('Accounts'),
    sellersAwaitingVerification: count('Sellers neither verified nor suspended'),
    productsAwaitingReview: count('Products pending review'),
    changesAwaitingReview: count("Products on sale whose seller's changes wait for review"),
    ordersByStatus: z
      .record(z.enum(ORDER_STATUSES), z.number().int())
      .openapi({ description: 'Orders per status, every status named' }),
    sales: RecentSalesSchema,
  })
  .openapi('AdminOverview');
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
