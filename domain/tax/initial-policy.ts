/**
 * The tax policy MIBI starts with, before any admin changes it: the figures in force when it was
 * written, each with its source. They were read from summaries of the CBIC notifications named;
 * check them against the notifications themselves (https://taxinformation.cbic.gov.in) before
 * relying on them, and record any correction as a change with its source.
 */
import type { TaxPolicy } from './policy.ts';

const SERVICES_2017 =
  'Notification 11/2017-Central Tax (Rate) of 28 Jun 2017 (18%, the rate for services not named otherwise)';
const GST_2025 = 'Notification 9/2025-Central Tax (Rate) of 17 Sep 2025 (56th GST Council)';
const initial = { by: null, at: null };

/** A category's default from the 2025 rates: `heading` names the goods the HSN code covers. */
const categoryDefault = (categoryId: string, hsn: string, gstRateBps: number, heading: string) => ({
  categoryId,
  hsn,
  gstRateBps,
  effectiveFrom: '2025-09-22',
  source: `${GST_2025}: ${heading}`,
  ...initial,
});

export const INITIAL_TAX_POLICY: TaxPolicy = {
  gstSlabs: [
    {
      // 5%, 18% and 40% for most goods; 3% (Schedule IV) for jewellery of precious metal.
      slabsBps: [300, 500, 1800, 4000],
      effectiveFrom: '2025-09-22',
      source: `${GST_2025}, Schedules I (5%), II (18%), III (40%) and IV (3%)`,
      ...initial,
    },
  ],
  tcsRate: [
    {
      rateBps: 50,
      effectiveFrom: '2024-07-10',
      source: 'Notification 15/2024-Central Tax of 10 Jul 2024 (section 52: 0.25% CGST + 0.25% SGST, or 0.5% IGST)',
      ...initial,
    },
  ],
  // MIBI's own supplies: unchanged by the slabs of 22 September 2025, 18% since GST began.
  serviceRates: {
    commission: [
      {
        service: 'commission',
        sac: '996211',
        rateBps: 1800,
        effectiveFrom: '2017-07-01',
        source: `${SERVICES_2017}: SAC 996211, services on a fee, commission or contract basis on retail trade`,
        ...initial,
      },
    ],
    delivery: [
      {
        service: 'delivery',
        sac: '996812',
        rateBps: 1800,
        effectiveFrom: '2017-07-01',
        source: `${SERVICES_2017}: SAC 996812, courier services (the marketplace arranges the courier)`,
        ...initial,
      },
    ],
  },
  categoryDefaults: Object.fromEntries(
    [
      categoryDefault('textiles', '5208', 500, 'woven fabrics of cotton, handloom sarees among them (heading 5208)'),
      categoryDefault('handicrafts', '4420', 500, 'wood marquetry, statuettes and ornaments of wood (heading 4420)'),
      categoryDefault('spices', '0910', 500, 'ginger, saffron, turmeric, curry and other spices (heading 0910)'),
      categoryDefault('jewelry', '7113', 300, 'articles of jewellery of precious metal (heading 7113)'),
      categoryDefault('home-decor', '6304', 500, 'furnishing articles of textiles (heading 6304)'),
      categoryDefault('ayurveda', '3004', 500, 'Ayurvedic medicaments (heading 3004)'),
    ].map((entry) => [entry.categoryId, [entry]]),
  ),
};
