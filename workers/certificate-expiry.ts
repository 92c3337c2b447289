/**
 * Time, not an event, ends a certificate: a periodic pass (its clock injected, as settlement's)
 * tells the seller 30 and 7 days before a verified certificate's last valid day
 * (CertificateExpiryNoticed) and expires it the day after (CertificateExpired). The certificate's
 * decider refuses a notice already given and an expiry already made, so a pass that runs again,
 * or on a read model not yet past the last one's events, records each once; the seller's
 * notification and mail follow from those events (notify-parties.ts), once each too.
 */
import { DomainError } from '../domain/decider.ts';
import {
  type CertificateCommand,
  type CertificateStateName,
  certificateDecider,
  expiryDue,
} from '../domain/provenance/certificate.ts';
import { dayOf } from '../domain/provenance/days.ts';
import { type CertificateEvent, certificateStream } from '../domain/provenance/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import { logger } from '../platform/log.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';
import type { WorkerContext } from './worker.ts';

const log = logger('workers');

export const CERTIFICATE_EXPIRY_REACTOR = 'reactor:certificate-expiry';
/** What the pass must know of each certificate (id: its id), kept by the reactor beside it. */
const CERTIFICATE_EXPIRY = 'certificate_expiry';

interface ExpiryDoc extends Doc {
  state: CertificateStateName;
  validUntil: string;
  noticed: number[];
}

const STATE_AFTER: Record<
  Exclude<CertificateEvent['type'], 'CertificateSubmitted' | 'CertificateExpiryNoticed'>,
  CertificateStateName
> = {
  CertificateVerified: 'verified',
  CertificateRejected: 'rejected',
  CertificateRevoked: 'revoked',
  CertificateExpired: 'expired',
};

/** Follows the certificates' events into what the pass reads: each one's state, last valid day and notices given. */
export const certificateExpiryReactor: Projection = {
  name: CERTIFICATE_EXPIRY_REACTOR,
  collections: [{ name: CERTIFICATE_EXPIRY, indexes: [['state']] }],
  eventTypes: new Set<CertificateEvent['type']>([
    'CertificateSubmitted',
    'CertificateVerified',
    'CertificateRejected',
    'CertificateRevoked',
    'CertificateExpired',
    'CertificateExpiryNoticed',
  ]),
  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const { type, data } = recorded as unknown as CertificateEvent;
    const id = data.certificateId;
    if (type === 'CertificateSubmitted') {
      work.put<ExpiryDoc>(CERTIFICATE_EXPIRY, { id, state: 'submitted', validUntil: data.validUntil, noticed: [] });
      return;
    }
    const before = await work.get<ExpiryDoc>(CERTIFICATE_EXPIRY, id);
    if (!before) return;
    const after =
      type === 'CertificateExpiryNoticed'
        ? { ...before, noticed: [...before.noticed, data.daysBefore] }
        : { ...before, state: STATE_AFTER[type] };
    work.put<ExpiryDoc>(CERTIFICATE_EXPIRY, after);
  },
};

/** What one pass recorded. */
export interface CertificateExpiryPass {
  noticed: number;
  expired: number;
  failed: number;
}

/** One pass at `cx.now()` over the verified certificates. */
export async function certificateExpiryPass(cx: WorkerContext): Promise<CertificateExpiryPass> {
  const today = dayOf(cx.now());
  const verified = await cx.platform.read
    .collection<ExpiryDoc>(CERTIFICATE_EXPIRY)
    .find({ where: { state: 'verified' }, sort: [['validUntil', 'asc']] });
  const pass = { noticed: 0, expired: 0, failed: 0 };
  for (const certificate of verified) {
    const due = expiryDue(certificate, today);
    if (!due) continue;
    const command: CertificateCommand = { ...due, certificateId: certificate.id, at: cx.now() };
    try {
      const { events } = await cx.streams.handle(certificateStream(certificate.id), certificateDecider, command, {
        actor: 'system',
      });
      if (events.length > 0) pass[due.type === 'ExpireCertificate' ? 'expired' : 'noticed']++;
    } catch (error) {
      // The stream is ahead of the read model: this was already done.
      if (error instanceof DomainError && error.kind === 'conflict') continue;
      pass.failed++;
      log.error(
        { err: error },
        `the expiry pass failed on certificate ${certificate.id}; trying again at the next pass`,
      );
    }
  }
  return pass;
}

/** Runs a pass at start and then every `everyMs`; `stop` waits for a pass in flight. */
export function startCertificateExpiryPasses(cx: WorkerContext, everyMs: number) {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = running
      .then(() => certificateExpiryPass(cx))
      .catch((error: unknown) => log.error({ err: error }, 'certificate expiry pass failed'));
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
