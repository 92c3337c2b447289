import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, stateByCode, stateByName } from './states.ts';

describe('GST states and union territories', () => {
  it('lists the 28 states, 8 union territories and Other Territory, each code once', () => {
    const count = (kind: string) => INDIAN_STATES.filter((state) => state.kind === kind).length;
    expect([count('state'), count('union territory'), count('other territory')]).toEqual([28, 8, 1]);
    expect(new Set(INDIAN_STATES.map((state) => state.code)).size).toBe(INDIAN_STATES.length);
    for (const { code } of INDIAN_STATES) expect(code).toMatch(/^\d\d$/);
  });

  it('finds a state by its code, and no retired or unknown code', () => {
    expect(stateByCode('29')?.name).toBe('Karnataka');
    expect(stateByCode('37')?.name).toBe('Andhra Pradesh');
    expect(stateByCode('26')?.name).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(stateByCode('97')?.name).toBe('Other Territory');
    for (const code of ['25', '28', '00', '39', '99', '9', '290']) expect(stateByCode(code)).toBeNull();
  });

  it('finds a state by the name written in an address, whatever its case, spacing or "&"', () => {
    expect(stateByName('Karnataka')?.code).toBe('29');
    expect(stateByName('  tamil   NADU ')?.code).toBe('33');
    expect(stateByName('Jammu & Kashmir')?.code).toBe('01');
    expect(stateByName('J&K')?.code).toBe('01');
    expect(stateByName('Andaman & Nicobar Islands')?.code).toBe('35');
    expect(stateByName('Orissa')?.code).toBe('21');
    expect(stateByName('Pondicherry')?.code).toBe('34');
    expect(stateByName('New Delhi')?.code).toBe('07');
    expect(stateByName('Daman and Diu')?.code).toBe('26');
    expect(stateByName('uttar-pradesh')?.code).toBe('09');
  });

  it('finds every state by its own name', () => {
    for (const state of INDIAN_STATES) expect(stateByName(state.name)).toBe(state);
  });

  it('finds nothing for a name that is no state', () => {
    for (const name of ['', 'Bombay', 'Karnatak', 'Pradesh', 'California']) expect(stateByName(name)).toBeNull();
  });
});
