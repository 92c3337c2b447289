import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { given } from '../testing.ts';
import { type CertificateCommand, certificateDecider, expiryDue, inForce } from './certificate.ts';
import { checkChain } from './chain.ts';
import { type CertificateEvent, certificateStream } from './events.ts';
import { HANDLOOM_MARK } from './provenance.fixtures.ts';

const at = '2026-11-01T10:00:00.000Z';
const id = { certificateId: 'c1' };
const submit: CertificateCommand = { type: 'SubmitCertificate', ...id, sellerId: 's1', details: HANDLOOM_MARK, at };
const verify: CertificateCommand = { type: 'VerifyCertificate', ...id, by: 'a1', byName: 'Asha Admin', at };

/** The events of the commands, each decided on the state before. */
function run(...commands: CertificateCommand[]): CertificateEvent[] {
  return commands.reduce<CertificateEvent[]>(
    (events, command) => [...events, ...certificateDecider.decide(command, fold(certificateDecider, events))],
    [],
  );
}

const on = (day: string) => `${day}T04:00:00.000Z`;

describe('the certificate decider', () => {
  it('goes submitted → verified → revoked, every event chained', () => {
    const events = run(submit, verify, {
      type: 'RevokeCertificate',
      ...id,
      by: 'a1',
      reason: 'Registration cancelled',
      at,
    });
    expect(events.map((e) => e.type)).toEqual(['CertificateSubmitted', 'CertificateVerified', 'CertificateRevoked']);
    expect(fold(certificateDecider, events)?.state).toBe('revoked');
    const recorded = events.map((event, revision) => ({ ...event, revision }));
    expect(checkChain(certificateStream('c1'), recorded)).toEqual({ intact: true, events: 3 });
  });

  it('decides only in the states that allow it', () => {
    const reject: CertificateCommand = { type: 'RejectCertificate', ...id, by: 'a1', reason: 'Illegible', at };
    const revoke: CertificateCommand = { type: 'RevokeCertificate', ...id, by: 'a1', reason: 'Cancelled', at };
    given(certificateDecider, run(submit)).when(submit).then({ code: 'certificate_exists', kind: 'conflict' });
    given(certificateDecider, run(submit)).when(revoke).then({ code: 'not_verified', kind: 'conflict' });
    given(certificateDecider, run(submit, verify)).when(verify).then({ code: 'not_submitted', kind: 'conflict' });
    given(certificateDecider, run(submit, reject)).when(verify).then({ code: 'not_submitted', kind: 'conflict' });
    given(certificateDecider).when(verify).then({ code: 'certificate_not_found', kind: 'not_found' });
  });

  it('refuses to submit or verify a certificate already past its end', () => {
    const late = { ...submit, details: { ...HANDLOOM_MARK, validUntil: '2026-10-31' } };
    given(certificateDecider).when(late).then({ code: 'certificate_already_expired', kind: 'rule_broken' });
    given(certificateDecider, run(submit))
      .when({ ...verify, at: on('2027-01-01') })
      .then({ code: 'certificate_already_expired', kind: 'rule_broken' });
  });

  it('notices the expiry 30 and 7 days before, exactly once each, then expires after the last valid day', () => {
    const verified = run(submit, verify);
    const notice = (daysBefore: 30 | 7, day: string): CertificateCommand => ({
      type: 'NoticeExpiry',
      ...id,
      daysBefore,
      at: on(day),
    });
    given(certificateDecider, verified)
      .when(notice(30, '2026-11-30'))
      .then({ code: 'notice_not_due', kind: 'conflict' });
    const thirty = run(submit, verify, notice(30, '2026-12-01'));
    expect(thirty.at(-1)).toMatchObject({
      type: 'CertificateExpiryNoticed',
      data: { daysBefore: 30, validUntil: '2026-12-31' },
    });
    given(certificateDecider, thirty).when(notice(30, '2026-12-02')).then({ code: 'notice_not_due', kind: 'conflict' });
    const seven = run(submit, verify, notice(30, '2026-12-01'), notice(7, '2026-12-24'));
    given(certificateDecider, seven).when(notice(7, '2026-12-25')).then({ code: 'notice_not_due', kind: 'conflict' });
    const expire: CertificateCommand = { type: 'ExpireCertificate', ...id, at: on('2026-12-31') };
    given(certificateDecider, seven).when(expire).then({ code: 'not_expiring', kind: 'conflict' });
    const expired = run(submit, verify, notice(30, '2026-12-01'), notice(7, '2026-12-24'), {
      ...expire,
      at: on('2027-01-01'),
    });
    expect(fold(certificateDecider, expired)?.state).toBe('expired');
    given(certificateDecider, expired)
      .when({ ...expire, at: on('2027-01-02') })
      .then({ code: 'not_expiring', kind: 'conflict' });
  });

  it('owes the nearest notice only, and nothing to a certificate not verified', () => {
    const verified = { state: 'verified' as const, validUntil: '2026-12-31', noticed: [] };
    expect(expiryDue(verified, '2026-11-30')).toBeNull();
    expect(expiryDue(verified, '2026-12-01')).toEqual({ type: 'NoticeExpiry', daysBefore: 30 });
    expect(expiryDue(verified, '2026-12-26')).toEqual({ type: 'NoticeExpiry', daysBefore: 7 });
    expect(expiryDue({ ...verified, noticed: [7] }, '2026-12-28')).toBeNull();
    expect(expiryDue({ ...verified, noticed: [30] }, '2026-12-28')).toEqual({ type: 'NoticeExpiry', daysBefore: 7 });
    expect(expiryDue(verified, '2027-01-01')).toEqual({ type: 'ExpireCertificate' });
    expect(expiryDue({ ...verified, state: 'revoked' }, '2027-01-01')).toBeNull();
  });

  it('gives a badge only when verified and not past its last valid day', () => {
    expect(inForce('verified', '2026-12-31', '2026-12-31')).toBe(true);
    expect(inForce('verified', '2026-12-31', '2027-01-01')).toBe(false);
    expect(inForce('submitted', '2026-12-31', '2026-12-01')).toBe(false);
    expect(inForce('revoked', '2026-12-31', '2026-12-01')).toBe(false);
  });
});
