/**
 * The payments read model (collection `payments`): one document per purchase paid online, for
 * the admins' payments list. Money in paise, times ISO-8601 UTC.
 */
import { z } from '@hono/zod-openapi';
import { TRANSFER_STATES } from '../../domain/ledger/entries.ts';
import { RefundSchema } from '../orders/documents.ts';

export const PAYMENT_STATUSES = ['awaiting', 'failed', 'paid', 'expired'] as const;

const AttemptSchema = z.object({
  paymentId: z.string(),
  code: z.string(),
  description: z.string(),
  at: z.string(),
});

/** A seller order's transfer out of the payment to its seller's linked account (settlement). */
const TransferSchema = z.object({
  sellerOrderId: z.string(),
  sellerId: z.string(),
  transferId: z.string(),
  account: z.string().openapi({ description: 'The linked account (acc_...)' }),
  amountPaise: z.number().int(),
  reversedPaise: z.number().int().openapi({ description: 'Taken back by reversals of accepted returns' }),
  state: z.enum(TRANSFER_STATES).openapi({
    description: 'on_hold until its return window closes, released to the seller, or reversed whole',
  }),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
});
export type TransferDoc = z.infer<typeof TransferSchema>;

export const PaymentSchema = z
  .object({
    id: z.string().openapi({ description: 'The purchase (order id)' }),
    buyerId: z.string(),
    buyerName: z.string(),
    status: z.enum(PAYMENT_STATUSES).openapi({
      description:
        'awaiting: not paid yet; failed: the last attempt failed (the buyer may try again until dueBy); paid; expired: unpaid in time',
    }),
    amountPaise: z.number().int(),
    dueBy: z.string(),
    gatewayOrderId: z.string().nullable(),
    paymentId: z.string().nullable().openapi({ description: 'The captured payment' }),
    method: z.string().nullable().openapi({ description: 'upi, card, netbanking, wallet' }),
    capturedVia: z.enum(['return', 'webhook', 'reconciliation']).nullable().openapi({
      description: 'What told MIBI of the capture: reconciliation when its webhook was lost',
    }),
    late: z.boolean().openapi({ description: 'Captured after it expired: refunded whole' }),
    expiredAt: z.string().nullable().openapi({ description: 'When the reconciliation found it unpaid past dueBy' }),
    failedAttempts: z.array(AttemptSchema),
    transfers: z.array(TransferSchema).openapi({ description: 'To the sellers of its delivered seller orders' }),
    refunds: z
      .array(RefundSchema)
      .openapi({ description: 'Back to the buyer: cancelled parts, accepted returns, a late payment' }),
    placedAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Payment');
export type PaymentDoc = z.infer<typeof PaymentSchema>;
