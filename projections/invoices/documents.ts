/**
 * The tax documents read model: each invoice and credit note as it was issued, whole, found by
 * seller, buyer, seller order or number: a seller's (collection `tax_documents`,
 * domain/invoice/document.ts) and MIBI's own (`mibi_documents`: its commission to sellers,
 * delivery to buyers). The routes answer with these schemas; the projection imports only the types.
 */
import type { CreditReason } from '../../domain/invoice/document.ts';
import { AnswerSchema } from '../orders/documents.ts';
import { z } from '@hono/zod-openapi';

const paise = z.number().int();

const TaxSplitFields = {
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  igstPaise: paise,
};

/** What every document of every series states of itself, whoever issues it: one owner of these fields. */
const numbered = {
  id: z.string(),
  number: z.string().max(16),
  fy: z.string().openapi({ description: 'Financial year, April to March, e.g. 2026-27' }),
  seq: z.number().int(),
};
const dated = {
  date: z.string().openapi({ description: 'The day in India it was issued on (YYYY-MM-DD)' }),
  issuedAt: z.string(),
};
const intraState = z.boolean().openapi({ description: 'CGST + SGST when true, IGST otherwise' });
const TotalsSchema = z.object({ ...TaxSplitFields, amountPaise: paise });

const TaxLineSchema = z.object({
  productId: z.string(),
  variantId: z.string().optional().openapi({ description: 'The variant, when not the default one' }),
  personalisation: z.array(AnswerSchema).optional().openapi({ description: "The buyer's answers, when any" }),
  description: z
    .string()
    .openapi({ description: "The product's name, with its variant's: 'Kolhapuri Chappal (Size 8 · Tan)'" }),
  hsn: z.string(),
  quantity: z.number().int(),
  unitPricePaise: paise,
  rateBps: z.number().int().openapi({ description: 'GST rate in basis points (500 = 5%)' }),
  ...TaxSplitFields,
  amountPaise: paise,
});

const common = {
  ...numbered,
  orderId: z.string(),
  sellerOrderId: z.string(),
  sellerId: z.string(),
  buyerId: z.string(),
  ...dated,
  supplier: z.object({
    legalName: z.string(),
    tradeName: z.string().nullable(),
    gstin: z.string(),
    address: z.string(),
    stateCode: z.string(),
    stateName: z.string(),
  }),
  recipient: z.object({ name: z.string(), address: z.string() }),
  placeOfSupply: z.object({ code: z.string().nullable(), name: z.string() }),
  intraState,
  lines: z.array(TaxLineSchema),
  totals: TotalsSchema,
};

export const TaxDocumentSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('invoice'), ...common, shipmentId: z.string() }),
    z.object({
      kind: z.literal('credit_note'),
      ...common,
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      reason: z.enum(['shipment_undone', 'returned', 'refunded']) satisfies z.ZodType<CreditReason>,
      causeId: z.string(),
    }),
  ])
  .openapi('TaxDocument');

export const TaxDocumentListSchema = z.object({ items: z.array(TaxDocumentSchema) }).openapi('TaxDocumentList');

export type TaxDocumentDoc = z.infer<typeof TaxDocumentSchema>;
export type TaxDocumentList = z.infer<typeof TaxDocumentListSchema>;

/** MIBI as the supplier of its own documents. */
const OperatorSchema = z.object({
  legalName: z.string(),
  gstin: z.string(),
  /** Absent on documents issued before MIBI_ADDRESS. */
  address: z.string().optional(),
  stateCode: z.string(),
  stateName: z.string(),
});

/** MIBI's commission invoice to a seller and its credit notes (domain/invoice/commission-series.ts): MIBI supplies, the seller receives. */
const commission = {
  ...numbered,
  orderId: z.string(),
  sellerOrderId: z.string(),
  sellerId: z.string(),
  ...dated,
  supplier: OperatorSchema,
  recipient: z.object({
    legalName: z.string(),
    gstin: z.string().nullable(),
    address: z.string(),
    stateCode: z.string(),
    stateName: z.string(),
  }),
  intraState,
  lines: z.array(
    z.object({
      productId: z.string(),
      description: z.string(),
      sac: z.string(),
      quantity: z.number().int(),
      rateBps: z.number().int().openapi({ description: 'GST rate in basis points (1800 = 18%)' }),
      ...TaxSplitFields,
      amountPaise: paise,
    }),
  ),
  totals: TotalsSchema,
};

export const CommissionInvoiceSchema = z
  .object({ kind: z.literal('commission_invoice'), ...commission, deliveryId: z.string() })
  .openapi('CommissionInvoice');

export const CommissionDocumentSchema = z
  .discriminatedUnion('kind', [
    CommissionInvoiceSchema,
    z
      .object({
        kind: z.literal('commission_credit_note'),
        ...commission,
        invoiceId: z.string(),
        invoiceNumber: z.string(),
        causeId: z.string().openapi({ description: 'The accepted return or help refund it credits (its event id)' }),
        reason: z
          .literal('refunded')
          .optional()
          .openapi({ description: "A help request's refund; absent for a return" }),
      })
      .openapi('CommissionCreditNote'),
  ])
  .openapi('CommissionDocument');

export const CommissionDocumentListSchema = z
  .object({ items: z.array(CommissionDocumentSchema) })
  .openapi('CommissionDocumentList');

/** MIBI's invoice to the buyer for a purchase's delivery charge, and its credit note (domain/invoice/delivery-series.ts). */
const delivery = {
  ...numbered,
  orderId: z.string(),
  buyerId: z.string(),
  ...dated,
  supplier: OperatorSchema,
  recipient: z.object({ name: z.string(), address: z.string() }),
  placeOfSupply: z.object({ code: z.string().nullable(), name: z.string() }).openapi({
    description: 'Where the goods are handed over to the courier (section 12(8) of the IGST Act)',
  }),
  intraState,
  lines: z.array(
    z.object({
      description: z.string(),
      sac: z.string(),
      quantity: z.number().int(),
      rateBps: z.number().int().openapi({ description: 'GST rate in basis points (1800 = 18%)' }),
      ...TaxSplitFields,
      amountPaise: paise,
    }),
  ),
  totals: TotalsSchema,
};

export const DeliveryDocumentSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('delivery_invoice'), ...delivery, shipmentId: z.string() }),
    z.object({
      kind: z.literal('delivery_credit_note'),
      ...delivery,
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      causeId: z.string(),
    }),
  ])
  .openapi('DeliveryDocument');

export const DeliveryDocumentListSchema = z
  .object({ items: z.array(DeliveryDocumentSchema) })
  .openapi('DeliveryDocumentList');

export type CommissionInvoiceDoc = z.infer<typeof CommissionInvoiceSchema>;
export type CommissionDocumentDoc = z.infer<typeof CommissionDocumentSchema>;
export type DeliveryDocumentDoc = z.infer<typeof DeliveryDocumentSchema>;
/** Every document MIBI issues as the supplier, in one collection (`kind` tells them apart). */
export type MibiDocumentDoc = CommissionDocumentDoc | DeliveryDocumentDoc;
