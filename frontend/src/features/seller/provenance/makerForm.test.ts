import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../../../domain/fields.ts';
import { PROVENANCE_MESSAGES as M } from '../../../../../domain/provenance/schemas.ts';
import { makerFormSchema } from './makerForm.ts';

const typed = {
  kind: 'artisan',
  name: 'Ramesh Kumar',
  craft: 'Banarasi brocade weaving',
  place: 'Sarai Mohana',
  district: 'Varanasi',
  state: 'Uttar Pradesh',
  pin: '221001',
  artisanIdKind: 'pehchan',
  number: 'up-1234 5678',
  photo: '',
  story: '',
};

describe('makerFormSchema', () => {
  it('nests the cluster and the artisan ID as the API takes them', () => {
    expect(makerFormSchema.parse(typed)).toEqual({
      kind: 'artisan',
      name: 'Ramesh Kumar',
      craft: 'Banarasi brocade weaving',
      cluster: { place: 'Sarai Mohana', district: 'Varanasi', state: 'Uttar Pradesh', pin: '221001' },
      artisanId: { kind: 'pehchan', number: 'UP12345678' },
      photo: null,
      story: '',
    });
  });

  it('sends no artisan ID when no kind is chosen, whatever the number says', () => {
    expect(makerFormSchema.parse({ ...typed, artisanIdKind: '', number: 'x' }).artisanId).toBeNull();
  });

  it('keys the messages as the API does, so each lands under its input', () => {
    const result = makerFormSchema.safeParse({ ...typed, pin: '012345', number: '12', place: ' ' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({
      'cluster.pin': M.pinInvalid,
      'cluster.place': M.placeRequired,
      'artisanId.number': M.artisanIdNumber,
    });
  });
});
