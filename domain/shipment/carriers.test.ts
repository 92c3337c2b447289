import { describe, expect, it } from 'vitest';
import { errorsOf } from '../testing.ts';
import { awbProblem, trackingUrlOf } from './carriers.ts';
import { isS10, s10CheckDigit } from './s10.ts';
import { trackingInputSchema } from './schemas.ts';

describe('S10 numbers (India Post)', () => {
  it('checks the check digit by the UPU weights', () => {
    expect(s10CheckDigit('47312482')).toBe(9); // RR473124829GB, the UPU's own example
    expect(s10CheckDigit('12345678')).toBe(5);
    expect(isS10('EE123456785IN')).toBe(true);
    expect(isS10('EE123456789IN')).toBe(false);
    expect(isS10('EE12345678IN')).toBe(false);
    expect(isS10('EE123456785GB')).toBe(false);
  });

  it('writes a check of 10 as 0 and of 11 as 5', () => {
    // Weighted sums 0 and 11 (mod 11: 0) give 11, written 5; 12 (mod 11: 1) gives 10, written 0.
    expect(s10CheckDigit('00000000')).toBe(5);
    expect(s10CheckDigit('00010010')).toBe(5);
    expect(s10CheckDigit('00300000')).toBe(0);
    expect(s10CheckDigit('00000010')).toBe(2);
  });
});

describe('tracking numbers by carrier', () => {
  it('holds known carriers to their shape, the others to the generic one', () => {
    expect(awbProblem('bluedart', '12345678901')).toBeNull();
    expect(awbProblem('bluedart', '1234567890')).toBe('Blue Dart tracking number is 11 digits');
    expect(awbProblem('delhivery', '1234567890123')).toBeNull();
    expect(awbProblem('delhivery', 'AB12345678')).toBe('Delhivery tracking number is 10 to 14 digits');
    expect(awbProblem('india-post', 'EE123456789IN')).toMatch(/^India Post \(Speed Post\) tracking number is/);
    expect(awbProblem('dtdc', 'D12345678')).toBeNull();
    expect(awbProblem('other', 'ABCDEF')).toBe('A tracking number is 6 to 30 letters, digits or hyphens');
  });

  it("builds the link from the carrier's tracking page", () => {
    expect(trackingUrlOf('delhivery', '1234567890123')).toBe('https://www.delhivery.com/track/package/1234567890123');
    expect(trackingUrlOf('other', '123456')).toBeNull();
  });

  it('reads what a seller types: spaces dropped, capitals; another carrier needs its name and link', () => {
    expect(trackingInputSchema.parse({ carrier: 'india-post', awb: ' ee 123456785 in ' }).awb).toBe('EE123456785IN');
    expect(errorsOf(trackingInputSchema, { carrier: 'other', awb: 'X1-2345' })).toEqual({
      carrierName: 'Name the courier',
      trackingUrl: 'Give the link to follow the parcel',
    });
    expect(
      errorsOf(trackingInputSchema, {
        carrier: 'other',
        awb: 'X1-2345',
        carrierName: 'Gati',
        trackingUrl: 'javascript:x',
      }),
    ).toEqual({ trackingUrl: 'The tracking link must be a web address (https://...)' });
    expect(errorsOf(trackingInputSchema, { carrier: 'fedup', awb: '' })).toMatchObject({
      carrier: 'Choose the courier',
    });
  });
});
