/** `mibi verify-provenance`: checks the hash chain of every provenance record in the log (issue 29). */
import { type ChainCheck, checkChain } from '../../domain/provenance/chain.ts';
import { CHAINED_PREFIXES } from '../../domain/provenance/events.ts';
import type { EventStore, RecordedEvent } from '../../platform/eventstore/port.ts';
import { type Command, EXIT, parse, withPlatform } from './command.ts';
import { formatCount, write } from './output.ts';

const PAGE = 5_000;

/** Every chained stream's events in order, read from the log itself (not a read model, which could be rebuilt from it). */
async function chainedStreams(events: EventStore): Promise<Map<string, RecordedEvent[]>> {
  const streams = new Map<string, RecordedEvent[]>();
  for (let after = 0; ; ) {
    const page = await events.readAll({ after, limit: PAGE });
    if (page.length === 0) return streams;
    for (const event of page) {
      if (!CHAINED_PREFIXES.some((prefix) => event.stream.startsWith(prefix))) continue;
      const stream = streams.get(event.stream);
      if (stream) stream.push(event);
      else streams.set(event.stream, [event]);
    }
    after = page[page.length - 1]!.position;
  }
}

/** Each chained stream's check, broken ones first. */
export async function verifyProvenance(events: EventStore): Promise<ChainCheck[]> {
  const checks = [...(await chainedStreams(events))].map(([stream, recorded]) => checkChain(stream, recorded));
  return checks.sort((a, b) => Number(a.intact) - Number(b.intact));
}

export const verifyProvenanceCommand: Command = {
  name: 'verify-provenance',
  summary: 'Checks the hash chain of every maker, certificate and product origin',
  help: `Usage: mibi verify-provenance

Reads every maker-*, certificate-* and origin-* stream from the log and checks its hash chain:
each event's hash recomputed over its canonical form, each previous hash the one before's.
Prints each break (stream, revision, reason) and exits 1 on any; else "N chains, M events: intact".

Options:
  -h, --help  this help`,

  async run(argv) {
    parse(argv, {}, { min: 0, max: 0 });
    return withPlatform(async (platform) => {
      const checks = await verifyProvenance(platform.events);
      const broken = checks.filter((check) => !check.intact);
      for (const check of broken)
        if (!check.intact) await write(`${check.stream} revision ${check.revision}: ${check.reason}\n`);
      const events = checks.reduce((total, check) => total + check.events, 0);
      const summary = `${formatCount(checks.length)} chains, ${formatCount(events)} events`;
      if (broken.length > 0) {
        await write(`${summary}: ${formatCount(broken.length)} broken\n`);
        return EXIT.failed;
      }
      await write(`${summary}: intact\n`);
      return EXIT.ok;
    });
  },
};
