/** Tax documents as the series decider records them: a seller's invoice and the credit notes of returned units. */
import { type CreditNote, creditBody, type Invoice, invoiceBody, supplierOf } from '../invoice/document.ts';
import { PUNE_ADDRESS } from '../order/addresses.fixtures.ts';
import type { OrderLine, ShippingAddress } from '../order/events.ts';
import { REGISTERED } from '../seller/tax-profile.fixtures.ts';
import type { TaxProfile } from '../seller/events.ts';

export const BENGALURU: ShippingAddress = { ...PUNE_ADDRESS, city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

/** Meera Handlooms (29ABCDE1234F1ZW, Karnataka). */
export const KARNATAKA = supplierOf(REGISTERED as Extract<TaxProfile, { registered: true }>);

export interface LineSpec {
  productId: string;
  pricePaise: number;
  quantity: number;
  hsn: string;
  rateBps: number;
}

/** An invoice numbered `seq` of seller `sellerId`, dated `date` (issued at 10:00 that day, UTC). */
export function invoice(
  seq: number,
  date: string,
  lines: LineSpec[],
  { sellerId = 'seller-1', address = BENGALURU, supplier = KARNATAKA } = {},
): Invoice {
  const orderLines: OrderLine[] = lines.map((line) => ({
    productId: line.productId,
    name: `Product ${line.productId}`,
    pricePaise: line.pricePaise,
    quantity: line.quantity,
    imageUrl: null,
    sellerId,
    sellerName: 'Meera Weaves',
    categoryId: 'textiles',
  }));
  const taxes = new Map(lines.map((line) => [line.productId, { hsn: line.hsn, rateBps: line.rateBps }]));
  const body = invoiceBody({
    orderId: `o-${sellerId}-${seq}`,
    sellerOrderId: `o-${sellerId}-${seq}-1`,
    sellerId,
    buyerId: 'buyer-1',
    lines: orderLines,
    shippingAddress: address,
    supplier,
    taxOf: (line) => taxes.get(line.productId)!,
    date,
    at: `${date}T10:00:00.000Z`,
  });
  return {
    kind: 'invoice',
    id: `inv-${sellerId}-${seq}`,
    number: `MEE/2026-27/${String(seq).padStart(4, '0')}`,
    fy: '2026-27',
    seq,
    shipmentId: `ship-${sellerId}-${seq}`,
    ...body,
  };
}

/** The credit note numbered `seq` for `units` of `of` returned on `date`. */
export function creditNote(seq: number, of: Invoice, units: Record<string, number>, date: string): CreditNote {
  const body = creditBody(of, new Map(Object.entries(units)), new Map(), { date, at: `${date}T11:00:00.000Z` });
  return {
    kind: 'credit_note',
    id: `cn-${of.sellerId}-${seq}`,
    number: `MEE/CN2627/${String(seq).padStart(4, '0')}`,
    fy: '2026-27',
    seq,
    invoiceId: of.id,
    invoiceNumber: of.number,
    reason: 'returned',
    causeId: `cause-${of.sellerId}-${seq}`,
    ...body,
  };
}
