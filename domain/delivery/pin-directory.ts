/**
 * India's PIN codes as India Post lists them (pin-directory.json, derived by
 * scripts/derive-pin-directory.ts; its source is named in the file and in the README): for each
 * PIN its state or UT, district and metro city. Server-side only: the SPA asks the API.
 */
import directory from './pin-directory.json' with { type: 'json' };

/** Where a PIN code is. */
export interface PinPlace {
  pincode: string;
  /** GST code of the state or UT most of its post offices are in (domain/tax/states.ts). */
  stateCode: string;
  /** Every state or UT its post offices are in, `stateCode` first (a few PINs straddle a border). */
  stateCodes: string[];
  district: string;
  /** 'Delhi', 'Mumbai', ...: the metro city whose sorting district it is in; null outside the eight. */
  metro: string | null;
}

let places: Map<string, PinPlace> | undefined;

function load(): Map<string, PinPlace> {
  const alsoIn: Record<string, string[] | undefined> = directory.alsoIn;
  const map = new Map<string, PinPlace>();
  for (const [stateCode = '', district = '', metro = '', pins = ''] of directory.groups) {
    for (const pincode of pins.split(' ')) {
      const stateCodes = [stateCode, ...(alsoIn[pincode] ?? [])];
      map.set(pincode, { pincode, stateCode, stateCodes, district, metro: metro || null });
    }
  }
  return map;
}

/** The place of a PIN code (six digits), or null for one India Post does not list. */
export function placeOfPin(pincode: string): PinPlace | null {
  places ??= load();
  return places.get(pincode) ?? null;
}
