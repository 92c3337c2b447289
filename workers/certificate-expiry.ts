/**
 * Time, not an event, ends a certificate: a periodic pass (its clock injected, as settlement's)
 * tells the seller 30 and 7 days before a verified certificate's last valid day
 * (CertificateExpiryNoticed) and expires it the day after (CertificateExpired). The certificate's
 * decider refuses a notice already given and an expiry already made, so a pass that runs again,
 * or on a read model not yet past the last one's events, records each once; the seller's
 * notification and mail follow from those events (notify-parties.ts), once each too.
 */
import { DomainError } from '../domain/decider.ts';
import { type CertificateCommand, certificateDecider, expiryDue } from '../domain/provenance/certificate.ts';
import { dayOf } from '../domain/provenance/days.ts';
import { certificateStream } from '../domain/provenance/events.ts';
import { logger } from '../platform/log.ts';
import type { CertificateDoc } from '../projections/provenance/documents.ts';
import { CERTIFICATES } from '../projections/provenance/projection.ts';
import type { WorkerContext } from './worker.ts';

const log = logger('workers');

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
    .collection<CertificateDoc>(CERTIFICATES)
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
