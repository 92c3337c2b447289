/**
 * The demo's proof of origin (issue 29): makers behind some products, their origins, and
 * verified certificates with a PDF of evidence each, so product pages show badges and "Made by".
 * The makers, numbers and registrations are made up (not any real artisan's or registration).
 */
import PDFDocument from 'pdfkit';
import type { MakerInput } from '../../domain/provenance/schemas.ts';
import type { CertificateKind, MakingMethod } from '../../domain/provenance/events.ts';

export interface DemoCertificate {
  kind: CertificateKind;
  title: string;
  number: string;
  issuer: string;
  /** Days from the seed's day to its first and last valid days, so the demo's are current whenever it is seeded. */
  fromDays: number;
  untilDays: number;
  /** A product of the seller's, by name; the seller's registration when absent. */
  product?: string;
}

export interface DemoProvenance {
  makers: MakerInput[];
  /** Product name → its makers (by name) and how it was made. */
  origins: Array<{ product: string; makers: string[]; method: MakingMethod }>;
  certificates: DemoCertificate[];
}

/** By seller e-mail. */
export const DEMO_PROVENANCE: Record<string, DemoProvenance> = {
  'weaves@mibi.demo': {
    makers: [
      {
        kind: 'artisan',
        name: 'Abdul Rehman Ansari',
        craft: 'Banarasi brocade weaving',
        cluster: { place: 'Madanpura', district: 'Varanasi', state: 'Uttar Pradesh', pin: '221001' },
        artisanId: { kind: 'pehchan', number: 'UP09HW2019004711' },
        photo: null,
        story: 'Weaves kadhua brocade on a pit loom his grandfather set up; a saree takes him and his son three weeks.',
      },
      {
        kind: 'cooperative',
        name: 'Sarai Mohana Handloom Weavers’ Cooperative',
        craft: 'Handloom cotton and silk weaving',
        cluster: { place: 'Sarai Mohana', district: 'Varanasi', state: 'Uttar Pradesh', pin: '221007' },
        artisanId: null,
        photo: null,
        story: 'Eighty-two weaving families on the Ganga ghats who buy yarn together and share a dye house.',
      },
    ],
    origins: [
      { product: 'Banarasi Silk Saree', makers: ['Abdul Rehman Ansari'], method: 'handloom' },
      { product: 'Khadi Cotton Kurta', makers: ['Sarai Mohana Handloom Weavers’ Cooperative'], method: 'handloom' },
      { product: 'Ikat Cotton Dupatta', makers: ['Sarai Mohana Handloom Weavers’ Cooperative'], method: 'handloom' },
    ],
    certificates: [
      {
        kind: 'gi-authorised-user',
        title: 'Banarasi Brocades and Sarees',
        number: 'GIR-AU-99-2291',
        issuer: 'Geographical Indications Registry, Chennai',
        fromDays: -900,
        untilDays: 2750,
      },
      {
        kind: 'handloom-mark',
        title: '',
        number: 'HLM-UP-09-004127',
        issuer: 'Textiles Committee, Ministry of Textiles',
        fromDays: -400,
        untilDays: 700,
      },
      {
        kind: 'silk-mark',
        title: '',
        number: 'SMOI-VNS-22917',
        issuer: 'Silk Mark Organisation of India',
        fromDays: -340,
        untilDays: 20,
        product: 'Banarasi Silk Saree',
      },
    ],
  },
  'crafts@mibi.demo': {
    makers: [
      {
        kind: 'family-workshop',
        name: 'Prajapat Blue Pottery Workshop',
        craft: 'Jaipur blue pottery',
        cluster: { place: 'Kot Jewar', district: 'Jaipur', state: 'Rajasthan', pin: '303805' },
        artisanId: { kind: 'pehchan', number: 'RJ14HC2021018832' },
        photo: null,
        story: 'Three generations grind quartz, shape and paint in one courtyard, firing a wood kiln twice a month.',
      },
      {
        kind: 'self-help-group',
        name: 'Kondagaon Dhokra Mahila Samooh',
        craft: 'Dhokra lost-wax brass casting',
        cluster: { place: 'Bhelwapara', district: 'Kondagaon', state: 'Chhattisgarh', pin: '494226' },
        artisanId: null,
        photo: null,
        story:
          'Twelve women casters who model in beeswax and cast in open clay furnaces, as Bastar’s Ghadwa families do.',
      },
    ],
    origins: [
      { product: 'Jaipur Blue Pottery Vase', makers: ['Prajapat Blue Pottery Workshop'], method: 'handmade' },
      { product: 'Dhokra Brass Elephant', makers: ['Kondagaon Dhokra Mahila Samooh'], method: 'handmade' },
    ],
    certificates: [
      {
        kind: 'craftmark',
        title: '',
        number: 'CM-RJ-BP-0117',
        issuer: 'All India Artisans and Craftworkers Welfare Association',
        fromDays: -200,
        untilDays: 530,
        product: 'Jaipur Blue Pottery Vase',
      },
    ],
  },
};

/** A one-page PDF standing for a certificate's scan: what the admins check before verifying. */
export function evidencePdf(certificate: DemoCertificate, holder: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${certificate.number} (demo)` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text(certificate.issuer);
  doc.moveDown().fontSize(12).text(`Certificate of registration no. ${certificate.number}`);
  if (certificate.title) doc.text(certificate.title);
  doc.moveDown().text(`Registered holder: ${holder}`);
  doc.moveDown().fontSize(9).text('Demo data: not a real registration.');
  doc.end();
  return done;
}
