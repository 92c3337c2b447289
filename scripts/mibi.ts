/**
 * `npm run mibi -- <command>`: the analysts' and operators' tool. Lists streams and event types,
 * prints a stream, exports and imports the log as NDJSON, rebuilds read models from zero (as of
 * a time or position), replays the ledgers under another policy (what-if), checks provenance
 * records' hash chains (verify-provenance), backs
 * up and restores the embedded stack. Works on the
 * configured stores (DATA_DIR, or POSTGRES_URL, or EVENTSTORE_URL / MONGO_URL at scale). Results go to stdout,
 * progress and notes to stderr. Exit codes: 0 done, 1 failed or refused, 2 wrong usage.
 */
import { ConfigError } from '../platform/config/config.ts';
import { logToStandardError, logger } from '../platform/log.ts';
import { backupCommand, restoreCommand } from './cli/backup.ts';
import { type Command, CommandError, EXIT, UsageError } from './cli/command.ts';
import { eventsCommand } from './cli/events.ts';
import { exportCommand } from './cli/export.ts';
import { importCommand } from './cli/import.ts';
import { rebuildCommand } from './cli/rebuild.ts';
import { reconcileCommand } from './cli/reconcile.ts';
import { sqlCommand } from './cli/sql.ts';
import { streamCommand } from './cli/stream.ts';
import { streamsCommand, typesCommand } from './cli/streams.ts';
import { verifyProvenanceCommand } from './cli/verify-provenance.ts';
import { whatIfCommand } from './cli/what-if.ts';

const commands: Command[] = [
  streamsCommand,
  typesCommand,
  eventsCommand,
  streamCommand,
  exportCommand,
  importCommand,
  rebuildCommand,
  whatIfCommand,
  reconcileCommand,
  sqlCommand,
  backupCommand,
  restoreCommand,
  verifyProvenanceCommand,
];

const HELP = `Usage: mibi <command> [options]    (npm run mibi -- <command> [options])

Commands:
${commands.map((command) => `  ${command.name.padEnd(9)} ${command.summary}`).join('\n')}

Run mibi <command> --help for its options. The stores are those of the configuration:
DATA_DIR (embedded), or POSTGRES_URL, or EVENTSTORE_URL and MONGO_URL (at scale).`;

const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

async function main(argv: string[]): Promise<number> {
  // As the server does (api/roles/start.ts): what it writes under DATA_DIR stays private.
  process.umask(0o077);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    (name ? process.stdout : process.stderr).write(`${HELP}\n`);
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`mibi: unknown command "${name}"\n\n${HELP}\n`);
    return EXIT.usage;
  }
  if (wantsHelp(rest)) {
    process.stdout.write(`${command.help}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mibi ${name}: ${error.message}\nRun mibi ${name} --help for usage.\n`);
      return EXIT.usage;
    }
    if (error instanceof CommandError || error instanceof ConfigError) {
      process.stderr.write(`mibi ${name}: ${error.message}\n`);
      return EXIT.failed;
    }
    throw error;
  }
}

logToStandardError();

// A reader that stops early (mibi export | head) closes the pipe: that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(EXIT.ok);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    logger('mibi').fatal({ err: error }, 'unexpected error');
    process.exitCode = EXIT.failed;
  },
);
