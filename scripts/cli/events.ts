/** `mibi events`: the event catalog (api/events/catalog.ts), as a table or as JSON with the schemas. */
import { eventCatalog } from '../../api/events/catalog.ts';
import { type Command, EXIT, parse, withPlatform } from './command.ts';
import { columns, formatCount, left, right, write } from './output.ts';
import { warnIfBehind } from './streams.ts';

const LAYOUT = [right(10), left(24), left(24), right(7), left(32)];

export const eventsCommand: Command = {
  name: 'events',
  summary: 'The event catalog: types, versions, schemas, upcasters, counts',
  help: `Usage: mibi events [--json]

Lists every event type recorded in the catalog (docs/events/catalog.json) or seen in the log:
events, first and last time seen, current version ("-" when no schema is recorded), type and
the upcasters that read its older shapes. Counts come from the log-stats read model.
With --json, one JSON document with every version's JSON Schema.

Options:
  --json      the whole catalog as JSON, schemas included
  -h, --help  this help`,

  async run(argv) {
    const { values } = parse(argv, { json: { type: 'boolean' } }, { min: 0, max: 0 });
    return withPlatform(async (platform) => {
      await warnIfBehind(platform);
      const entries = await eventCatalog(platform);
      if (values.json) {
        await write(`${JSON.stringify({ types: entries }, null, 2)}\n`);
        return EXIT.ok;
      }
      await write(`${columns(['EVENTS', 'FIRST SEEN', 'LAST SEEN', 'VERSION', 'TYPE', 'UPCASTERS'], LAYOUT)}\n`);
      for (const entry of entries) {
        const upcasters = entry.upcasters.map((u) => `${u.name} (${u.module})`).join(', ');
        const cells = [entry.events, entry.firstSeen ?? '-', entry.lastSeen ?? '-', entry.version ?? '-', entry.type];
        await write(`${columns([...cells, upcasters], LAYOUT)}\n`);
      }
      const unrecorded = entries.filter((entry) => entry.version === null).length;
      process.stderr.write(
        `${formatCount(entries.length)} event types, ${formatCount(unrecorded)} with no recorded schema\n`,
      );
      return EXIT.ok;
    });
  },
};
