import { describe, expect, it } from 'vitest';
import { placeOfPin } from './pin-directory.ts';
import { zoneOf } from './zones.ts';

const at = (pincode: string) => placeOfPin(pincode)!;

describe('the zone of a parcel', () => {
  it.each([
    ['400050', '400001', 'same_city'], // Bandra to Fort, Mumbai
    ['400050', '400703', 'same_city'], // to Vashi, Navi Mumbai: the city's sorting district
    ['685509', '685551', 'same_city'], // two PINs of Idukki
    ['411001', '400050', 'same_state'], // Pune to Mumbai: two metros of one state
    ['685509', '682016', 'same_state'], // Idukki to Ernakulam
    ['560001', '110001', 'metro_to_metro'], // Bengaluru to Delhi
    ['302003', '560001', 'rest_of_india'], // Jaipur to Bengaluru
    ['560001', '781001', 'north_east_jk'], // to Guwahati
    ['110001', '194101', 'north_east_jk'], // to Leh, Ladakh
    ['110001', '744101', 'north_east_jk'], // to Port Blair
    ['110001', '682555', 'north_east_jk'], // to Lakshadweep
    ['190001', '560001', 'north_east_jk'], // from Srinagar
    ['190001', '180001', 'same_state'], // Srinagar to Jammu
  ])('%s to %s is %s', (from, to, zone) => {
    expect(zoneOf(at(from), at(to))).toBe(zone);
  });

  it('takes a seller without a PIN as far as can be', () => {
    expect(zoneOf(null, at('560001'))).toBe('rest_of_india');
    expect(zoneOf(null, at('781001'))).toBe('north_east_jk');
  });
});
