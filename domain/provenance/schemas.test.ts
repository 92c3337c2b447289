import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../fields.ts';
import { maskedNumber } from './artisan-id.ts';
import { certificateSchema, makerSchema, originSchema, PROVENANCE_MESSAGES as M } from './schemas.ts';

const maker = {
  kind: 'artisan',
  name: ' Ramesh Kumar ',
  craft: 'Banarasi weaving',
  cluster: { place: 'Sarai Mohana', district: 'Varanasi', state: 'Uttar Pradesh', pin: '221001' },
  artisanId: { kind: 'pehchan', number: 'up 1234-5678' },
};
const certificate = {
  kind: 'gi-authorised-user',
  title: 'Banarasi Brocades and Sarees',
  number: 'GI-AU-99',
  issuer: 'Geographical Indications Registry',
  validFrom: '2024-01-01',
  validUntil: '2033-12-31',
  scope: { kind: 'seller' },
  evidenceIds: ['e1'],
};
const errors = (result: { success: boolean; error?: unknown }) => fieldErrors(result.error as never);

describe('provenance inputs', () => {
  it('take a maker, trimmed, its artisan ID without spaces or dashes, and defaults', () => {
    expect(makerSchema.parse(maker)).toMatchObject({
      name: 'Ramesh Kumar',
      artisanId: { kind: 'pehchan', number: 'UP12345678' },
      photo: null,
      story: '',
    });
  });

  it('refuse a bad PIN, an empty name, a malformed artisan ID and hidden characters, each with its message', () => {
    const bad = makerSchema.safeParse({
      ...maker,
      name: '  ',
      cluster: { ...maker.cluster, pin: '021001' },
      artisanId: { kind: 'aadhaar', number: '12' },
      story: 'Hidden\u202Etext',
    });
    expect(errors(bad)).toMatchObject({
      name: M.makerNameRequired,
      'cluster.pin': M.pinInvalid,
      'artisanId.kind': M.artisanIdKind,
      'artisanId.number': M.artisanIdNumber,
      story: 'Story contains characters that are not allowed',
    });
  });

  it('need a production partner exactly when made with one, and a maker otherwise', () => {
    expect(errors(originSchema.safeParse({ makerIds: [], method: 'production-partner' }))).toEqual({
      productionPartner: M.partnerRequired,
    });
    expect(
      errors(originSchema.safeParse({ makerIds: [], method: 'handloom', productionPartner: 'Weavers Ltd' })),
    ).toEqual({
      productionPartner: M.partnerOnlyWithPartner,
      makerIds: M.makersRequired,
    });
    expect(errors(originSchema.safeParse({ makerIds: ['m1', 'm1'], method: 'handmade' }))).toEqual({
      makerIds: M.makersDistinct,
    });
    expect(originSchema.parse({ makerIds: ['m1'], method: 'handmade', productionPartner: '' })).toMatchObject({
      productionPartner: null,
    });
  });

  it('take a certificate with a title only for a GI or another mark, and refuse bad dates and no evidence', () => {
    expect(certificateSchema.parse(certificate).title).toBe('Banarasi Brocades and Sarees');
    expect(certificateSchema.parse({ ...certificate, kind: 'handloom-mark' }).title).toBe('');
    expect(errors(certificateSchema.safeParse({ ...certificate, title: '' }))).toEqual({ title: M.titleRequired });
    expect(errors(certificateSchema.safeParse({ ...certificate, validFrom: '2024-02-30' }))).toEqual({
      validFrom: M.dateInvalid,
    });
    expect(errors(certificateSchema.safeParse({ ...certificate, validUntil: '2023-12-31' }))).toEqual({
      validUntil: M.dateOrder,
    });
    expect(errors(certificateSchema.safeParse({ ...certificate, evidenceIds: [] }))).toEqual({
      evidenceIds: M.evidenceRequired,
    });
    expect(
      errors(certificateSchema.safeParse({ ...certificate, scope: { kind: 'lot', productId: 'p1', lot: '' } })),
    ).toEqual({
      'scope.lot': M.lotRequired,
    });
  });

  it('mask an artisan ID number but its last 4 characters', () => {
    expect(maskedNumber('UP12345678')).toBe('••••••5678');
    expect(maskedNumber('1234')).toBe('1234');
  });
});
