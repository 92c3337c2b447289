/**
 * India's states and union territories with their GST state codes: the first two digits of every
 * GSTIN and the code a tax invoice gives for the place of supply. Source: the GST Network's state
 * code master (GST portal, https://www.gst.gov.in, and the e-invoice master codes,
 * https://einvoice1.gst.gov.in/Others/MasterCodes), which follows the 2011 Census numbering.
 *
 * Retired codes are not listed, so no new GSTIN or address can use them: 25 (Daman and Diu, merged
 * with Dadra and Nagar Haveli into 26 on 26 January 2020) and 28 (Andhra Pradesh before Telangana
 * was carved out in 2014; Andhra Pradesh is 37 since). 97 "Other Territory" is India's territory
 * outside every state and UT (offshore installations in the exclusive economic zone, for one).
 * 96 (foreign country) and 99 (Centre jurisdiction) are not places a seller's business or a
 * buyer's address can be.
 */
export interface IndianState {
  /** Two digits, as in a GSTIN: '29'. */
  code: string;
  /** The name as the GST system writes it (Chhattisgarh spelt as in the Constitution). */
  name: string;
  kind: 'state' | 'union territory' | 'other territory';
  /** Other names people write in an address, for `stateByName`. */
  aliases?: readonly string[];
}

export const INDIAN_STATES: readonly IndianState[] = [
  { code: '01', name: 'Jammu and Kashmir', kind: 'union territory', aliases: ['J&K'] },
  { code: '02', name: 'Himachal Pradesh', kind: 'state' },
  { code: '03', name: 'Punjab', kind: 'state' },
  { code: '04', name: 'Chandigarh', kind: 'union territory' },
  { code: '05', name: 'Uttarakhand', kind: 'state', aliases: ['Uttaranchal'] },
  { code: '06', name: 'Haryana', kind: 'state' },
  {
    code: '07',
    name: 'Delhi',
    kind: 'union territory',
    aliases: ['New Delhi', 'NCT of Delhi', 'National Capital Territory of Delhi'],
  },
  { code: '08', name: 'Rajasthan', kind: 'state' },
  { code: '09', name: 'Uttar Pradesh', kind: 'state' },
  { code: '10', name: 'Bihar', kind: 'state' },
  { code: '11', name: 'Sikkim', kind: 'state' },
  { code: '12', name: 'Arunachal Pradesh', kind: 'state' },
  { code: '13', name: 'Nagaland', kind: 'state' },
  { code: '14', name: 'Manipur', kind: 'state' },
  { code: '15', name: 'Mizoram', kind: 'state' },
  { code: '16', name: 'Tripura', kind: 'state' },
  { code: '17', name: 'Meghalaya', kind: 'state' },
  { code: '18', name: 'Assam', kind: 'state' },
  { code: '19', name: 'West Bengal', kind: 'state' },
  { code: '20', name: 'Jharkhand', kind: 'state' },
  { code: '21', name: 'Odisha', kind: 'state', aliases: ['Orissa'] },
  { code: '22', name: 'Chhattisgarh', kind: 'state', aliases: ['Chattisgarh'] },
  { code: '23', name: 'Madhya Pradesh', kind: 'state' },
  { code: '24', name: 'Gujarat', kind: 'state' },
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    kind: 'union territory',
    aliases: ['Dadra and Nagar Haveli', 'Daman and Diu'],
  },
  { code: '27', name: 'Maharashtra', kind: 'state' },
  { code: '29', name: 'Karnataka', kind: 'state' },
  { code: '30', name: 'Goa', kind: 'state' },
  { code: '31', name: 'Lakshadweep', kind: 'union territory' },
  { code: '32', name: 'Kerala', kind: 'state' },
  { code: '33', name: 'Tamil Nadu', kind: 'state' },
  { code: '34', name: 'Puducherry', kind: 'union territory', aliases: ['Pondicherry'] },
  {
    code: '35',
    name: 'Andaman and Nicobar Islands',
    kind: 'union territory',
    aliases: ['Andaman and Nicobar', 'A&N Islands'],
  },
  { code: '36', name: 'Telangana', kind: 'state' },
  { code: '37', name: 'Andhra Pradesh', kind: 'state' },
  { code: '38', name: 'Ladakh', kind: 'union territory' },
  { code: '97', name: 'Other Territory', kind: 'other territory' },
];

/**
 * How a name is compared: case, spaces, dots, hyphens and "&" for "and" do not matter, so
 * "tamil  nadu", "Jammu & Kashmir" and "Andaman & Nicobar Islands" are found.
 */
const keyOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const byKey = new Map(
  INDIAN_STATES.flatMap((state) => [state.name, ...(state.aliases ?? [])].map((name) => [keyOf(name), state] as const)),
);
const byCode = new Map(INDIAN_STATES.map((state) => [state.code, state]));

/** The state or UT a name written in an address (the checkout's free-text State field) means, or null. */
export const stateByName = (name: string): IndianState | null => byKey.get(keyOf(name)) ?? null;

/** The state or UT with this two-digit GST code ('29'), or null for an unknown or retired code. */
export const stateByCode = (code: string): IndianState | null => byCode.get(code) ?? null;
