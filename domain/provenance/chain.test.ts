import { describe, expect, it } from 'vitest';
import { checkChain, chained, linkHash } from './chain.ts';

const stream = 'certificate-c1';
const submitted = { certificateId: 'c1', sellerId: 's1', number: 'HLM-1', at: '2026-11-01T10:00:00.000Z' };
const verified = { certificateId: 'c1', sellerId: 's1', by: 'a1', byName: 'Asha', at: '2026-11-02T10:00:00.000Z' };

function written() {
  const first = chained(stream, 'CertificateSubmitted', submitted, null);
  const second = chained(stream, 'CertificateVerified', verified, first.chain.hash);
  return [
    { type: 'CertificateSubmitted', revision: 1, data: first as unknown },
    { type: 'CertificateVerified', revision: 2, data: second as unknown },
  ];
}

describe('the provenance hash chain', () => {
  it('hashes the canonical form: key order does not matter, every field, the stream and the type do', () => {
    const hash = linkHash(stream, 'CertificateSubmitted', submitted, null);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const reordered = { at: submitted.at, number: 'HLM-1', sellerId: 's1', certificateId: 'c1' };
    expect(linkHash(stream, 'CertificateSubmitted', reordered, null)).toBe(hash);
    expect(linkHash(stream, 'CertificateSubmitted', { ...submitted, number: 'HLM-2' }, null)).not.toBe(hash);
    expect(linkHash('certificate-c2', 'CertificateSubmitted', submitted, null)).not.toBe(hash);
    expect(linkHash(stream, 'CertificateVerified', submitted, null)).not.toBe(hash);
    expect(linkHash(stream, 'CertificateSubmitted', submitted, 'a'.repeat(64))).not.toBe(hash);
  });

  it('leaves the stored link itself out of the hash', () => {
    const data = chained(stream, 'CertificateSubmitted', submitted, null);
    expect(linkHash(stream, 'CertificateSubmitted', data, null)).toBe(data.chain.hash);
  });

  it('finds an intact chain intact', () => {
    expect(checkChain(stream, written())).toEqual({ intact: true, events: 2 });
    expect(checkChain(stream, [])).toEqual({ intact: true, events: 0 });
  });

  it('names the event whose data was edited in the store', () => {
    const events = written();
    const edited = JSON.parse(JSON.stringify(events[1]!.data));
    edited.byName = 'Someone else';
    events[1] = { ...events[1]!, data: edited };
    expect(checkChain(stream, events)).toEqual({
      intact: false,
      events: 2,
      stream,
      revision: 2,
      reason: expect.stringContaining('CertificateVerified'),
    });
  });

  it('names an event that no longer follows the one before (one removed, or reordered)', () => {
    const [first, second] = written();
    expect(checkChain(stream, [second!])).toMatchObject({ intact: false, revision: 2 });
    expect(checkChain(stream, [second!, first!])).toMatchObject({ intact: false, revision: 2 });
    const rewritten = chained(stream, 'CertificateSubmitted', { ...submitted, number: 'HLM-9' }, null);
    expect(checkChain(stream, [{ ...first!, data: rewritten }, second!])).toMatchObject({
      intact: false,
      revision: 2,
      reason: expect.stringContaining('does not follow'),
    });
  });

  it('names an event without a link', () => {
    expect(checkChain(stream, [{ type: 'CertificateSubmitted', revision: 1, data: submitted }])).toMatchObject({
      intact: false,
      revision: 1,
      reason: 'CertificateSubmitted carries no chain link',
    });
  });

  it('checks against the stream: the same events under another stream do not hold', () => {
    expect(checkChain('certificate-c2', written())).toMatchObject({ intact: false, revision: 1 });
  });
});
