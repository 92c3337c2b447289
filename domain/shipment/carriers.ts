/**
 * The couriers a seller ships with: India's common ones and India Post, or another named by the
 * seller. Each known one has the shape of its tracking numbers (AWB) where it is published and
 * its public tracking page, the link a buyer follows.
 */
import { isS10 } from './s10.ts';

export const CARRIER_IDS = [
  'delhivery',
  'bluedart',
  'dtdc',
  'ecom-express',
  'xpressbees',
  'shadowfax',
  'india-post',
  'other',
] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];
export type KnownCarrierId = Exclude<CarrierId, 'other'>;

interface Carrier {
  name: string;
  /** Its public tracking page; `{awb}` stands for the tracking number where the page takes it in its address. */
  trackingUrl: string;
  /** Whether a tracking number has the carrier's shape; the generic shape where none is published. */
  accepts(awb: string): boolean;
  /** What a seller is told when it does not. */
  shape: string;
}

/** Letters, digits and hyphens, at least one digit: what any courier's number looks like. */
const GENERIC_AWB = /^(?=.*\d)[A-Z0-9-]{6,30}$/;
const GENERIC_SHAPE = '6 to 30 letters, digits or hyphens';
const generic = (name: string, trackingUrl: string): Carrier => ({
  name,
  trackingUrl,
  accepts: (awb) => GENERIC_AWB.test(awb),
  shape: GENERIC_SHAPE,
});

export const CARRIERS: Readonly<Record<KnownCarrierId, Carrier>> = {
  // Waybills of 10 to 14 digits (13 today, older and B2B ones shorter or longer).
  delhivery: {
    name: 'Delhivery',
    trackingUrl: 'https://www.delhivery.com/track/package/{awb}',
    accepts: (awb) => /^\d{10,14}$/.test(awb),
    shape: '10 to 14 digits',
  },
  // Blue Dart's waybills are 11 digits.
  bluedart: {
    name: 'Blue Dart',
    trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}',
    accepts: (awb) => /^\d{11}$/.test(awb),
    shape: '11 digits',
  },
  dtdc: generic('DTDC', 'https://www.dtdc.in/trace.asp?strCnno={awb}'),
  'ecom-express': generic('Ecom Express', 'https://www.ecomexpress.in/tracking/?awb_field={awb}'),
  xpressbees: generic('Xpressbees', 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}'),
  // Shadowfax's and India Post's pages ask for the number on the page itself.
  shadowfax: generic('Shadowfax', 'https://www.shadowfax.in/track-order'),
  // Speed Post and registered articles carry UPU S10 numbers: EE123456785IN.
  'india-post': {
    name: 'India Post (Speed Post)',
    trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
    accepts: isS10,
    shape: 'two letters, nine digits (the last a check digit) and IN, as EE123456785IN',
  },
};

/** What people type: spaces dropped, letters capitalised. */
export const normaliseAwb = (awb: string): string => awb.replace(/\s+/g, '').toUpperCase();

/** Why `awb` is not a tracking number of `carrier`; null when it is. Another carrier's numbers take the generic shape. */
export function awbProblem(carrier: CarrierId, awb: string): string | null {
  const known = carrier === 'other' ? null : CARRIERS[carrier];
  if (known ? known.accepts(awb) : GENERIC_AWB.test(awb)) return null;
  return `${known?.name ?? 'A'} tracking number is ${known?.shape ?? GENERIC_SHAPE}`;
}

/** The carrier's tracking page for `awb` (null for another carrier, whose link the seller gives). */
export const trackingUrlOf = (carrier: CarrierId, awb: string): string | null =>
  carrier === 'other' ? null : CARRIERS[carrier].trackingUrl.replace('{awb}', encodeURIComponent(awb));

export const carrierName = (carrier: KnownCarrierId): string => CARRIERS[carrier].name;
