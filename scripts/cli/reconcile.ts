/** `mibi reconcile`: one reconciliation pass of the seller notifications, as the workers run it. */
import { reconcileSellerNotifications } from '../../workers/reconcile.ts';
import { type Command, EXIT, parse, withPlatform } from './command.ts';
import { formatCount, write } from './output.ts';

export const reconcileCommand: Command = {
  name: 'reconcile',
  summary: 'Add again the seller notifications a lost queue dropped',
  help: `Usage: mibi reconcile

Reads every OrderPlaced the order reactor has passed (from where the last pass confirmed
everything) beside each seller's notification stream, and adds the notify-seller jobs whose
notification or e-mail is not recorded, under their usual job ids, so a job still waiting in
the queue is not doubled. The workers run the same pass at start and every RECONCILE_EVERY_S
seconds; this command is for after a queue outage. Jobs in the dead letters are counted, not
retried. Prints what it found.

Options:
  -h, --help  this help`,

  async run(argv) {
    parse(argv, {}, { min: 0, max: 0 });
    return withPlatform(async (platform) => {
      const found = await reconcileSellerNotifications(platform);
      await write(
        `orders checked: ${formatCount(found.checked)}\njobs re-added: ${formatCount(found.requeued)}\ndead-lettered: ${formatCount(found.dead)}\nconfirmed through position: ${formatCount(found.confirmedThrough)}\n`,
      );
      return EXIT.ok;
    });
  },
};
