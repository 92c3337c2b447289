/** A seller's proof of origin through the API, for the provenance suites: a maker, evidence and certificates. */
import { type Client, expectStatus, ok } from '../testing/harness.ts';

export const maker = {
  kind: 'cooperative' as const,
  name: 'Sanganer Block Printers',
  craft: 'Block printing',
  cluster: { place: 'Sanganer', district: 'Jaipur', state: 'Rajasthan', pin: '302029' },
  artisanId: { kind: 'pehchan' as const, number: 'RJ-2024-778812' },
  story: 'Forty printers sharing a wash yard.',
};
export const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const fileOf = (content: string, name: string, type: string) => new File([content], name, { type });
export const upload = (client: Client, content = PDF, name = 'handloom-mark.pdf', type = 'application/pdf') =>
  client.api.seller.evidence.$post({ form: { file: fileOf(content, name, type) } });
export type Scope = { kind: 'seller' } | { kind: 'product'; productId: string };
export const certificate = (evidenceIds: string[], scope: Scope = { kind: 'seller' }) => ({
  kind: 'handloom-mark' as const,
  number: 'HLM-RJ-0042',
  issuer: 'Textiles Committee',
  validFrom: '2024-01-01',
  validUntil: '2099-12-31',
  scope,
  evidenceIds,
});

export async function addedMaker(client: Client) {
  const reply = await client.api.seller.makers.$post({ json: maker });
  expectStatus(reply, 201);
  return ok(reply);
}

/** A certificate the seller submitted with one PDF of evidence; `changes` replace its fields. */
export async function submitted(client: Client, scope?: Scope, changes: Partial<ReturnType<typeof certificate>> = {}) {
  const evidence = ok(await upload(client));
  const json = { ...certificate([evidence.evidenceId], scope), ...changes };
  const result = ok(await client.api.seller.certificates.$post({ json }));
  return { ...result, evidence };
}
