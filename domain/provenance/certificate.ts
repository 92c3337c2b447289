import { type Decider, DomainError } from '../decider.ts';
import { chainedEvent } from './chain.ts';
import { dayOf, daysBetween } from './days.ts';
import {
  type CertificateDetails,
  type CertificateEvent,
  certificateStream,
  EXPIRY_NOTICE_DAYS,
  type ExpiryNoticeDays,
} from './events.ts';
import { PROVENANCE_MESSAGES } from './schemas.ts';

export type CertificateStateName = 'submitted' | 'verified' | 'rejected' | 'revoked' | 'expired';

/** Sent to stream `certificate-{certificateId}`: the seller submits, an admin decides, the server expires. */
export type CertificateCommand =
  | { type: 'SubmitCertificate'; certificateId: string; sellerId: string; details: CertificateDetails; at: string }
  | { type: 'VerifyCertificate'; certificateId: string; by: string; byName: string; at: string }
  | { type: 'RejectCertificate'; certificateId: string; by: string; reason: string; at: string }
  | { type: 'RevokeCertificate'; certificateId: string; by: string; reason: string; at: string }
  | { type: 'NoticeExpiry'; certificateId: string; daysBefore: ExpiryNoticeDays; at: string }
  | { type: 'ExpireCertificate'; certificateId: string; at: string };

export type CertificateState = {
  sellerId: string;
  state: CertificateStateName;
  validUntil: string;
  /** The evidence files it was submitted with: the only ones its downloads serve. */
  evidenceIds: string[];
  noticed: ExpiryNoticeDays[];
  lastHash: string;
} | null;

/** Whether a certificate gives its badge on `today` (YYYY-MM-DD): verified, and not past its last valid day. */
export const inForce = (state: CertificateStateName, validUntil: string, today: string): boolean =>
  state === 'verified' && today <= validUntil;

/**
 * What the periodic pass owes a verified certificate on `today`: expiring it once past its last
 * day, else the one notice due (the nearest of 30 and 7 days) when not yet given. A certificate
 * verified 5 days before its end gets the 7-day notice only: a 30-day one then would mislead.
 */
export function expiryDue(
  certificate: { state: CertificateStateName; validUntil: string; noticed: readonly number[] },
  today: string,
): { type: 'ExpireCertificate' } | { type: 'NoticeExpiry'; daysBefore: ExpiryNoticeDays } | null {
  if (certificate.state !== 'verified') return null;
  const left = daysBetween(today, certificate.validUntil);
  if (left < 0) return { type: 'ExpireCertificate' };
  const due = [...EXPIRY_NOTICE_DAYS].sort((a, b) => a - b).find((days) => left <= days);
  if (due === undefined || certificate.noticed.some((days) => days <= due)) return null;
  return { type: 'NoticeExpiry', daysBefore: due };
}

/** A refusal with its message; its code is the message's name in snake case (certificate_not_found). */
const refuse = (name: keyof typeof PROVENANCE_MESSAGES, kind: 'conflict' | 'rule_broken' | 'not_found') =>
  new DomainError(
    name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    PROVENANCE_MESSAGES[name],
    kind,
  );

export const certificateDecider: Decider<CertificateCommand, CertificateState, CertificateEvent> = {
  initialState: null,

  evolve(state, { type, data }) {
    const lastHash = data.chain.hash;
    if (type === 'CertificateSubmitted')
      return {
        sellerId: data.sellerId,
        state: 'submitted',
        validUntil: data.validUntil,
        evidenceIds: data.evidence.map((file) => file.evidenceId),
        noticed: [],
        lastHash,
      };
    if (!state) return state;
    switch (type) {
      case 'CertificateVerified':
        return { ...state, state: 'verified', lastHash };
      case 'CertificateRejected':
        return { ...state, state: 'rejected', lastHash };
      case 'CertificateRevoked':
        return { ...state, state: 'revoked', lastHash };
      case 'CertificateExpired':
        return { ...state, state: 'expired', lastHash };
      case 'CertificateExpiryNoticed':
        return { ...state, noticed: [...state.noticed, data.daysBefore], lastHash };
    }
  },

  decide(command, state) {
    const stream = certificateStream(command.certificateId);
    const { certificateId, at } = command;
    const today = dayOf(at);
    if (command.type === 'SubmitCertificate') {
      if (state) throw refuse('certificateExists', 'conflict');
      if (command.details.validUntil < today) throw refuse('certificateAlreadyExpired', 'rule_broken');
      const data = { certificateId, sellerId: command.sellerId, at, ...command.details };
      return [chainedEvent<CertificateEvent, 'CertificateSubmitted'>(stream, null, 'CertificateSubmitted', data)];
    }
    if (!state) throw refuse('certificateNotFound', 'not_found');
    const { sellerId, lastHash } = state;
    switch (command.type) {
      case 'VerifyCertificate': {
        if (state.state !== 'submitted') throw refuse('notSubmitted', 'conflict');
        if (state.validUntil < today) throw refuse('certificateAlreadyExpired', 'rule_broken');
        const { by, byName } = command;
        const data = { certificateId, sellerId, by, byName, at };
        return [chainedEvent<CertificateEvent, 'CertificateVerified'>(stream, lastHash, 'CertificateVerified', data)];
      }
      case 'RejectCertificate': {
        if (state.state !== 'submitted') throw refuse('notSubmitted', 'conflict');
        const data = { certificateId, sellerId, by: command.by, reason: command.reason, at };
        return [chainedEvent<CertificateEvent, 'CertificateRejected'>(stream, lastHash, 'CertificateRejected', data)];
      }
      case 'RevokeCertificate': {
        if (state.state !== 'verified') throw refuse('notVerified', 'conflict');
        const data = { certificateId, sellerId, by: command.by, reason: command.reason, at };
        return [chainedEvent<CertificateEvent, 'CertificateRevoked'>(stream, lastHash, 'CertificateRevoked', data)];
      }
      case 'NoticeExpiry': {
        // Exactly once each: the pass may run again on a lagging read model, the stream says no.
        const due = expiryDue(state, today);
        if (due?.type !== 'NoticeExpiry' || due.daysBefore !== command.daysBefore)
          throw refuse('noticeNotDue', 'conflict');
        const data = { certificateId, sellerId, daysBefore: command.daysBefore, validUntil: state.validUntil, at };
        return [
          chainedEvent<CertificateEvent, 'CertificateExpiryNoticed'>(
            stream,
            lastHash,
            'CertificateExpiryNoticed',
            data,
          ),
        ];
      }
      case 'ExpireCertificate': {
        if (expiryDue(state, today)?.type !== 'ExpireCertificate') throw refuse('notExpiring', 'conflict');
        return [
          chainedEvent<CertificateEvent, 'CertificateExpired'>(stream, lastHash, 'CertificateExpired', {
            certificateId,
            sellerId,
            at,
          }),
        ];
      }
    }
  },
};
