/** `mibi reconcile`: one reconciliation pass of every effect of the log, as the workers run it. */
import { loadConfig } from '../../platform/config/config.ts';
import { mibiOperator } from '../../api/roles/operator.ts';
import { effectsOfLog } from '../../workers/index.ts';
import { reconcileEffect } from '../../workers/reconcile.ts';
import { workerContext } from '../../workers/worker.ts';
import { type Command, EXIT, parse, withPlatform } from './command.ts';
import { formatCount, write } from './output.ts';

export const reconcileCommand: Command = {
  name: 'reconcile',
  summary: 'Add again the jobs (seller notifications, order confirmations, decision notices) a lost queue dropped',
  help: `Usage: mibi reconcile

For each effect of the log (notify-seller, confirm-order, notify-decision), reads every event
its reactor has passed (from where the last pass confirmed everything) beside what its jobs
recorded in the log (notifications, e-mails), and adds the jobs whose effects are not
recorded, under their usual job ids, so a job still waiting in the queue is not doubled. The
workers run the same pass at start and every RECONCILE_EVERY_S seconds; this command is for
after a queue outage. Jobs in the dead letters are counted, not retried. Prints what it found.

Options:
  -h, --help  this help`,

  async run(argv) {
    parse(argv, {}, { min: 0, max: 0 });
    return withPlatform(async (platform) => {
      const config = loadConfig();
      const cx = workerContext(platform, config, { operator: mibiOperator(config) });
      for (const effect of effectsOfLog(cx.operator)) {
        const found = await reconcileEffect(cx, effect);
        await write(
          `${effect.job}: events checked: ${formatCount(found.checked)}, jobs re-added: ${formatCount(found.requeued)}, dead-lettered: ${formatCount(found.dead)}, confirmed through position: ${formatCount(found.confirmedThrough)}\n`,
        );
      }
      return EXIT.ok;
    });
  },
};
