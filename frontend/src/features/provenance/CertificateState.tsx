import type { Certificate } from './types.ts';
import { STATE_LABELS, STATE_TONES } from './words.ts';

/** A certificate's state as a badge: waiting for review, verified, rejected, revoked, expired. */
export function CertificateStateBadge({ state }: { state: Certificate['state'] }) {
  return <span className={`badge whitespace-nowrap ${STATE_TONES[state]}`}>{STATE_LABELS[state]}</span>;
}
