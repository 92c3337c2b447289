/**
 * The ledger read model's documents (collections `ledger_entries`, `seller_balances` and
 * `category_policies`) and the views its queries answer: their schemas and the types inferred
 * from them. The routes answer with these schemas; the projection imports only the types, so
 * the threads that run it never load them. Money in paise, times ISO-8601 UTC.
 */
import { z } from '@hono/zod-openapi';
import { LEDGER_KINDS, type LedgerEntry, type LedgerTotals, TRANSFER_STATES } from '../../domain/ledger/entries.ts';
import type { LineSettlement } from '../../domain/order/events.ts';
import type { TcsRecord } from '../../domain/tcs/collected.ts';
import type { Gstr8Line, SellerTaxReport } from '../../domain/tcs/returns.ts';

const paise = (description: string) => z.number().int().openapi({ description });

const LineSettlementSchema = z
  .object({
    productId: z.string(),
    quantity: z.number().int(),
    amountPaise: paise('Price x quantity'),
    commissionBps: z.number().int().openapi({ description: 'The rate charged, in basis points (1000 is 10%)' }),
    commissionPaise: z.number().int(),
    earningPaise: z.number().int(),
  })
  .openapi('LineSettlement') satisfies z.ZodType<LineSettlement>;

/** One money movement of a seller (see domain/ledger/entries.ts), with the balance it left. */
const LedgerEntrySchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    kind: z.enum(LEDGER_KINDS).openapi({
      description:
        'earning: a delivery; return: an accepted return reversed; refund: a help request’s refund (by its seller or MIBI) taken back; ' +
        'payout: money paid by an admin; transfer: an ' +
        'order paid online sent to the seller’s linked account; reversal: a return’s earning taken back out of a transfer; ' +
        'tcs: the TCS collected on an invoice (below zero) or given back by a credit note (above zero)',
    }),
    at: z.string(),
    orderId: z.string().nullable().openapi({ description: 'The purchase, for an earning or a return' }),
    sellerOrderId: z.string().nullable(),
    returnId: z.string().nullable(),
    payoutId: z.string().nullable(),
    reference: z.string().nullable().openapi({
      description:
        'The bank reference of a payout; the gateway’s id of a transfer or a reversal; the invoice or credit note number of a TCS line',
    }),
    paidOn: z.string().nullable().openapi({ description: 'The day a payout was paid (YYYY-MM-DD)' }),
    salesPaise: paise('Signed: + an earning, - a return, 0 a payout, a transfer or a reversal'),
    commissionPaise: paise('Signed like the sales'),
    amountPaise: paise('What the entry changes the balance by'),
    lines: z.array(LineSettlementSchema).openapi({
      description: 'The lines settled, amounts as recorded (positive); none for a payout, a transfer or a reversal',
    }),
    transferState: z.enum(TRANSFER_STATES).nullable().openapi({
      description:
        'Of a transfer: on_hold until the order’s return window closes, released to the seller’s bank, or reversed whole; null for the other kinds',
    }),
    position: z.number().int().openapi({ description: 'Log position of the event behind the entry' }),
    balanceAfterPaise: paise('The balance once the entry was posted'),
  })
  .openapi('LedgerEntry') satisfies z.ZodType<LedgerEntry>;
export type LedgerEntryDoc = z.infer<typeof LedgerEntrySchema>;

const totalsFields = {
  salesPaise: paise('Delivered sales net of returns'),
  commissionPaise: paise('The marketplace’s commission on them'),
  earnedPaise: paise('Earnings net of reversals: sales less commission'),
  tcsPaise: paise('TCS collected on the seller’s supplies, net of credit notes'),
  paidPaise: paise('Paid out so far: payouts, and transfers less their reversals'),
  transferredPaise: paise('Of that, by transfers of orders paid online (less their reversals)'),
  balancePaise: paise(
    'Due to the seller now: earned less TCS less paid (below zero when returns or TCS came after a payout)',
  ),
} satisfies Record<keyof LedgerTotals, z.ZodType>;

const heldField = {
  heldPaise: paise('Of the balance, what seller orders under dispute brought: held (no payout) until MIBI decides'),
};

/** A seller's totals, once they have a ledger entry. Id: the seller id. */
const SellerBalanceDocSchema = z.object({
  id: z.string(),
  sellerName: z.string(),
  ...totalsFields,
  ...heldField,
  /** Time of the latest entry. */
  updatedAt: z.string(),
});
export type SellerBalanceDoc = z.infer<typeof SellerBalanceDocSchema>;

/** What a seller is owed and how it came about. */
export const SellerBalanceSchema = z
  .object({
    sellerId: z.string(),
    sellerName: z.string(),
    ...totalsFields,
    ...heldField,
    updatedAt: z.string().nullable().openapi({ description: 'Time of the latest entry; null without any' }),
  })
  .openapi('SellerBalance');
export type SellerBalance = z.infer<typeof SellerBalanceSchema>;

/** A seller's balance and a page of their entries, newest first. */
export const SellerLedgerSchema = z
  .object({
    balance: SellerBalanceSchema,
    entries: z.object({
      items: z.array(LedgerEntrySchema),
      total: z.number().int().openapi({ description: 'Entries on every page' }),
    }),
  })
  .openapi('SellerLedger');
export type SellerLedger = z.infer<typeof SellerLedgerSchema>;

/** A change of a category's commission or returns, with who made it (`stamp`: the fields after the value). */
const policyChange = <Stamp extends z.ZodRawShape>(stamp: Stamp) =>
  z.discriminatedUnion('change', [
    z.object({ change: z.literal('commission'), value: z.number().int().nullable(), ...stamp }),
    z.object({ change: z.literal('returns'), value: z.boolean(), ...stamp }),
  ]);

const PolicyChangeSchema = policyChange({ reason: z.string(), by: z.string(), at: z.string() });
export type PolicyChange = z.infer<typeof PolicyChangeSchema>;

/** Id: the category id. Null policies are the defaults (the configured rate, the category's own returnability). */
const CategoryPolicyDocSchema = z.object({
  id: z.string(),
  name: z.string(),
  commissionBps: z.number().int().nullable(),
  returnable: z.boolean().nullable(),
  /** Oldest first. */
  history: z.array(PolicyChangeSchema),
});
export type CategoryPolicyDoc = z.infer<typeof CategoryPolicyDocSchema>;

/** Every category's policies as the admins see them: what is set, what applies, and every change. */
export const CategoryPoliciesSchema = z
  .object({
    defaultCommissionBps: z
      .number()
      .int()
      .openapi({ description: 'The configured rate (COMMISSION_BPS), in basis points' }),
    returnWindowDays: z
      .number()
      .int()
      .openapi({ description: 'Days after delivery a buyer may ask to return items (RETURN_WINDOW_DAYS)' }),
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        commissionBps: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'The category’s own rate; null: the default applies' }),
        effectiveCommissionBps: z.number().int(),
        returnable: z
          .boolean()
          .nullable()
          .openapi({ description: 'Set by an admin; null: the category’s default applies' }),
        defaultReturnable: z.boolean(),
        effectiveReturnable: z.boolean(),
        history: z
          .array(
            policyChange({
              reason: z.string(),
              by: z.string().openapi({ description: 'The admin' }),
              byName: z.string().nullable(),
              at: z.string(),
            }),
          )
          .openapi({ description: 'Every change with who made it and why, newest first' }),
      }),
    ),
  })
  .openapi('CategoryPolicies');
export type CategoryPolicies = z.infer<typeof CategoryPoliciesSchema>;

/** The return policy the /returns page states: the window, and which categories take returns. */
export const ReturnPolicySchema = z
  .object({
    windowDays: z.number().int().openapi({ description: 'Days after delivery a buyer may ask to return items' }),
    categories: z
      .array(z.object({ id: z.string(), name: z.string(), returnable: z.boolean() }))
      .openapi({ description: 'By name' }),
  })
  .openapi('ReturnPolicy');
export type ReturnPolicy = z.infer<typeof ReturnPolicySchema>;

const tcsFields = {
  igstPaise: paise('TCS as IGST (supplies across states)'),
  cgstPaise: paise('TCS as CGST (supplies within a state)'),
  sgstPaise: paise('TCS as SGST (supplies within a state)'),
};

const SupplyLineSchema = z.object({
  hsn: z.string(),
  rateBps: z.number().int().openapi({ description: 'GST rate in basis points (500 = 5%)' }),
  taxablePaise: paise('Taxable value: + invoiced, - credited'),
  cgstPaise: paise('GST as CGST'),
  sgstPaise: paise('GST as SGST'),
  igstPaise: paise('GST as IGST'),
});

/** The TCS on one tax document (domain/tcs/collected.ts). Id: the document's id. */
const TcsRecordDocSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  date: z.string(),
  month: z.string(),
  sellerId: z.string(),
  gstin: z.string(),
  legalName: z.string(),
  orderId: z.string(),
  sellerOrderId: z.string(),
  issuedAt: z.string(),
  intraState: z.boolean(),
  invoiceId: z.string(),
  invoiceDate: z.string(),
  rateBps: z.number().int(),
  taxablePaise: paise('+ an invoice, - a credit note'),
  ...tcsFields,
  supplies: z.array(SupplyLineSchema),
}) satisfies z.ZodType<TcsRecord>;
export type TcsRecordDoc = z.infer<typeof TcsRecordDocSchema>;

/** GSTR-8 of a month: one line per supplier GSTIN. */
export const Gstr8Schema = z
  .object({
    month: z.string().openapi({ description: 'YYYY-MM' }),
    lines: z.array(
      z
        .object({
          gstin: z.string(),
          legalName: z.string(),
          grossPaise: paise('Taxable value of the supplies invoiced in the month'),
          returnsPaise: paise('Taxable value of the supplies credited (returned or undone) in the month'),
          netPaise: paise('Net amount liable for TCS: gross less returns'),
          ...tcsFields,
        })
        .openapi('Gstr8Line') satisfies z.ZodType<Gstr8Line>,
    ),
  })
  .openapi('Gstr8');
export type Gstr8 = z.infer<typeof Gstr8Schema>;

/** A seller's month: supplies by HSN code and GST rate, and the TCS credited to them. */
export const SellerTaxReportSchema = z
  .object({
    month: z.string().openapi({ description: 'YYYY-MM' }),
    supplies: z.array(SupplyLineSchema).openapi({ description: 'Net of credit notes, by HSN code then rate' }),
    invoicedPaise: paise('Taxable value invoiced in the month'),
    creditedPaise: paise('Taxable value credited in the month'),
    tcs: z.object(tcsFields).openapi({ description: 'TCS collected by MIBI and credited to the seller' }),
  })
  .openapi('SellerTaxReport') satisfies z.ZodType<SellerTaxReport & { month: string }>;
export type SellerTaxReportView = z.infer<typeof SellerTaxReportSchema>;
