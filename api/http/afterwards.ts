import { logger } from '../../platform/log.ts';

const log = logger('api');
/**
 * Work a request starts and does not wait for, so that its answer takes as long whatever the
 * work finds (a password reset for an address with an account or without). It begins after the
 * answer is on its way (setImmediate); a failure is logged, as nobody is waiting to be told.
 */
export class Afterwards {
  readonly #running = new Set<Promise<void>>();

  /** Runs `work` after the current request has answered; `what` names it in the log. */
  run(what: string, work: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error) => log.error({ err: error }, `${what} failed after the answer`))
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /** Resolves once every work started so far (and any it started) has ended: before shutdown, and in tests. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}
