/**
 * `npm run events:record [-- --new-version <Type> ...]`: writes the code's event schemas into the
 * committed catalog, docs/events/catalog.json (domain/event-catalog.ts says what it accepts).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import recorded from '../docs/events/catalog.json' with { type: 'json' };
import { type RecordedCatalog, recordInto } from '../domain/event-catalog.ts';

const { values } = parseArgs({ options: { 'new-version': { type: 'string', multiple: true } } });
try {
  const next = recordInto(recorded as RecordedCatalog, new Set(values['new-version'] ?? []));
  writeFileSync(new URL('../docs/events/catalog.json', import.meta.url), `${JSON.stringify(next, null, 2)}\n`);
  process.stderr.write(`recorded ${Object.keys(next).length} event types in docs/events/catalog.json\n`);
} catch (error) {
  process.stderr.write(`events:record: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
