import type { CertificateDetails, MakerFields } from './events.ts';

export const RAMESH: MakerFields = {
  kind: 'artisan',
  name: 'Ramesh Kumar',
  craft: 'Banarasi weaving',
  cluster: { place: 'Sarai Mohana', district: 'Varanasi', state: 'Uttar Pradesh', pin: '221001' },
  artisanId: { kind: 'pehchan', number: 'UP12345678' },
  photo: null,
  story: 'Weaves brocade on a pit loom with his father.',
};

export const HANDLOOM_MARK: CertificateDetails = {
  kind: 'handloom-mark',
  title: '',
  number: 'HLM-UP-2024-0042',
  issuer: 'Textiles Committee',
  validFrom: '2024-01-01',
  validUntil: '2026-12-31',
  scope: { kind: 'seller' },
  evidence: [{ evidenceId: 'e1', name: 'handloom-mark.pdf', contentType: 'application/pdf', size: 2048 }],
};
