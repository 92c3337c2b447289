/** `mibi import <file>`: an NDJSON export into an empty event store. */
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ImportError, importNdjson } from '../../platform/eventstore/ndjson.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { projections } from '../../projections/index.ts';
import { type Command, EXIT, CommandError, parse, withPlatform } from './command.ts';
import { formatCount, write } from './output.ts';
import { Progress } from './progress.ts';

const linesOf = (file: string) =>
  createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });

/**
 * Read models built from another log would be kept, their checkpoints pointing into the
 * imported one: refuse, so the projections build them from the imported events.
 */
async function assertNoReadModels(read: ReadStore): Promise<void> {
  for (const { name } of projections) {
    const checkpoint = await read.checkpoint(name);
    if (checkpoint > 0) {
      throw new CommandError(
        `Refusing to import: the read store holds read models of another log (projection ${name} is at position ${formatCount(checkpoint)}). ` +
          'Use a new DATA_DIR (or MONGO_DB) for the imported store.',
      );
    }
  }
}

export const importCommand: Command = {
  name: 'import',
  summary: 'Load an NDJSON export into an empty event store',
  help: `Usage: mibi import <file>

Appends the events of an export (mibi export, or GET /api/admin/export) to the configured
event store, which must be empty: order, ids, streams, revisions and metadata are kept;
positions are the new store's. The file is checked whole before the first event is written.
Streams must be complete: an export filtered by --types or a position range is refused.

Options:
  -h, --help  this help

Exit code 1 when the store is not empty or the file is refused.`,

  async run(argv) {
    const { positionals } = parse(argv, {}, { min: 1, max: 1, name: 'file to import' });
    const file = positionals[0]!;
    if (!existsSync(file)) throw new CommandError(`File not found: ${file}`);
    return withPlatform(async ({ events, read }) => {
      const present = await events.lastPosition();
      if (present > 0) {
        throw new CommandError(
          `Refusing to import: the event store is not empty (its log reaches position ${formatCount(present)}). Import only into an empty store.`,
        );
      }
      await assertNoReadModels(read);
      let progress: Progress | undefined;
      try {
        const summary = await importNdjson(
          events,
          () => linesOf(file),
          (imported, total) => {
            progress ??= new Progress('import', total);
            progress.update(imported);
          },
        );
        progress?.finish();
        const mapping =
          summary.file && summary.store
            ? ` (${formatCount(summary.file.first)}..${formatCount(summary.file.last)} in the file are ${formatCount(summary.store.first)}..${formatCount(summary.store.last)} here)`
            : '';
        await write(
          `Imported ${formatCount(summary.events)} events into ${formatCount(summary.streams)} streams; ${formatCount(summary.events)} positions mapped${mapping}\n`,
        );
        return EXIT.ok;
      } catch (error) {
        if (error instanceof ImportError) throw new CommandError(`Refusing to import ${file}: ${error.message}`);
        throw error;
      }
    });
  },
};
