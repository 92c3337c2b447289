/**
 * Delivery zones: how far a parcel goes, from the seller's PIN to the buyer's. The first that
 * fits, in this order: the same city (the same metro city, or the same district elsewhere), the
 * same state or UT, the north-east and J&K (either end in the eight north-eastern states, Jammu
 * and Kashmir or Ladakh, or on the Andaman and Nicobar or Lakshadweep islands: every one of them
 * reached by few routes, as couriers' special zones have them), metro to metro, and the rest of
 * India. A seller with no PIN on file is taken as far as can be: the rest of India, or the
 * north-east and J&K when the buyer is there.
 */
import type { PinPlace } from './pin-directory.ts';

export const ZONES = ['same_city', 'same_state', 'metro_to_metro', 'rest_of_india', 'north_east_jk'] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_LABELS: Record<Zone, string> = {
  same_city: 'Same city',
  same_state: 'Same state',
  metro_to_metro: 'Metro to metro',
  rest_of_india: 'Rest of India',
  north_east_jk: 'North-east and J&K',
};

/** GST codes of the states and UTs of the north-east and J&K zone. */
const NORTH_EAST_JK = new Set([
  '11', // Sikkim
  '12', // Arunachal Pradesh
  '13', // Nagaland
  '14', // Manipur
  '15', // Mizoram
  '16', // Tripura
  '17', // Meghalaya
  '18', // Assam
  '01', // Jammu and Kashmir
  '38', // Ladakh
  '35', // Andaman and Nicobar Islands
  '31', // Lakshadweep
]);

const remote = (place: PinPlace): boolean => NORTH_EAST_JK.has(place.stateCode);

const sameCity = (a: PinPlace, b: PinPlace): boolean =>
  a.metro !== null || b.metro !== null ? a.metro === b.metro : a.stateCode === b.stateCode && a.district === b.district;

/** The zone of a parcel from `origin` (null: unknown) to `destination`. */
export function zoneOf(origin: PinPlace | null, destination: PinPlace): Zone {
  if (!origin) return remote(destination) ? 'north_east_jk' : 'rest_of_india';
  if (sameCity(origin, destination)) return 'same_city';
  if (origin.stateCode === destination.stateCode) return 'same_state';
  if (remote(origin) || remote(destination)) return 'north_east_jk';
  if (origin.metro !== null && destination.metro !== null) return 'metro_to_metro';
  return 'rest_of_india';
}
