import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../../../domain/fields.ts';
import { PROVENANCE_MESSAGES as M } from '../../../../../domain/provenance/schemas.ts';
import { certificateFormSchema } from './certificateForm.ts';

const typed = {
  kind: 'handloom-mark',
  title: '',
  number: 'HLM-2024-0042',
  issuer: 'Textiles Committee',
  validFrom: '2026-01-01',
  validUntil: '2028-12-31',
  scopeKind: 'seller',
  productId: 'p-1',
  lot: '',
  evidenceIds: ['e-1'],
};

describe('certificateFormSchema', () => {
  it('sends the seller scope without the product the select still holds', () => {
    expect(certificateFormSchema.parse(typed)).toMatchObject({ scope: { kind: 'seller' }, evidenceIds: ['e-1'] });
  });

  it('sends a lot with its product and lot', () => {
    const parsed = certificateFormSchema.parse({ ...typed, scopeKind: 'lot', lot: 'L-7' });
    expect(parsed.scope).toEqual({ kind: 'lot', productId: 'p-1', lot: 'L-7' });
  });

  it('keys the messages as the API does, so each lands under its input', () => {
    const result = certificateFormSchema.safeParse({
      ...typed,
      scopeKind: 'lot',
      kind: 'gi-authorised-user',
      evidenceIds: [],
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({
      'scope.lot': M.lotRequired,
      evidenceIds: M.evidenceRequired,
    });
  });
});
