import { useLingui } from '@lingui/react/macro';
import type { Certificate } from './types.ts';
import { STATE_LABELS, STATE_TONES } from './words.ts';

/** A certificate's state as a badge: waiting for review, verified, rejected, revoked, expired. */
export function CertificateStateBadge({ state }: { state: Certificate['state'] }) {
  const { t } = useLingui();
  return <span className={`badge whitespace-nowrap ${STATE_TONES[state]}`}>{t(STATE_LABELS[state])}</span>;
}
