/** `mibi stream <name>`: one stream's events, readable or as NDJSON. */
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import { eventLine } from '../../platform/eventstore/ndjson.ts';
import { type Command, EXIT, CommandError, parse, withPlatform } from './command.ts';
import { write } from './output.ts';

const PAGE = 500;

/** A heading line (revision, position, time, type, actor), then the data as indented JSON. */
function readable(event: RecordedEvent): string {
  const data = JSON.stringify(event.data, null, 2).replaceAll('\n', '\n    ');
  return `#${event.revision}  position ${event.position}  ${event.metadata.time}  ${event.type}  actor ${event.metadata.actor ?? '-'}\n    ${data}\n`;
}

export const streamCommand: Command = {
  name: 'stream',
  summary: "Print a stream's events",
  help: `Usage: mibi stream <name> [--json]

Prints the events of one stream in order: revision, log position, time, type, acting user,
then the data. With --json, one event per line in the export format (NDJSON).

Options:
  --json      NDJSON, one event per line
  -h, --help  this help

Exit code 1 when the stream does not exist.`,

  async run(argv) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, { min: 1, max: 1, name: 'stream name' });
    const stream = positionals[0]!;
    const format = values.json ? eventLine : readable;
    return withPlatform(async ({ events }) => {
      let fromRevision = 0;
      for (;;) {
        const page = await events.readStream(stream, { fromRevision, limit: PAGE });
        if (page.length === 0 && fromRevision === 0) throw new CommandError(`Stream ${stream} not found`);
        await write(page.map(format).join(''));
        if (page.length < PAGE) return EXIT.ok;
        fromRevision = page[page.length - 1]!.revision + 1;
      }
    });
  },
};
