import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from './ports.ts';

/** A throwaway PostgreSQL cluster for one test file: loopback only, removed when stopped. */
export interface PostgresServer {
  /** `postgres://` URL of the database `mibi`, created empty with the cluster. */
  url: string;
  port: number;
  /** Creates another empty database on the cluster (a fresh name when none is given) and answers its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server as an outage would (`pg_ctl stop -m fast`: open sessions are ended), keeping its data. */
  pause(): Promise<void>;
  /** Starts it again after `pause`, on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server (`pg_ctl stop -m fast`: open sessions are ended) and removes its folder. */
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** Server settings (`-c name=value`) over the defaults below. */
  settings?: Record<string, string | number>;
}

const INSTALL_COMMAND = 'apt-get install -y postgresql';
const STARTUP_TIMEOUT_S = 60;
const PORT_ATTEMPTS = 3;

/**
 * A test cluster need not survive a power cut, so it skips every flush; what a test observes
 * (visibility, locks, ordering) is the same as with them. Enough connections for several
 * processes with a pool each (the topology test runs six).
 */
const TEST_SETTINGS: Record<string, string | number> = {
  listen_addresses: '127.0.0.1',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: 200,
};

/** Debian keeps the server programs out of PATH, under /usr/lib/postgresql/<major>/bin; elsewhere they are on PATH. */
function serverBinaries(): string {
  const debian = '/usr/lib/postgresql';
  const majors = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+$/.test(v)) : [];
  majors.sort((a, b) => Number(b) - Number(a));
  const candidates = [
    ...majors.map((major) => join(debian, major, 'bin')),
    ...(process.env.PATH ?? '').split(delimiter),
  ];
  const found = candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) throw new Error(`PostgreSQL's server programs (initdb, pg_ctl) are not installed: ${INSTALL_COMMAND}`);
  return found;
}

/** The server refuses to run as root: as root, every server program runs as the `postgres` user. */
const asRoot = process.getuid?.() === 0;

function serverCommand(program: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

function run(program: string, args: string[], cwd: string): Promise<void> {
  const [command, argv] = serverCommand(program, args);
  return new Promise((resolve, reject) =>
    execFile(command, argv, { cwd }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`))
        : resolve(),
    ),
  );
}

function postgresUser(): { uid: number; gid: number } {
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  const [, , uid, gid] = passwd?.split(':') ?? [];
  if (uid === undefined || gid === undefined)
    throw new Error(`Running as root, but there is no postgres user: ${INSTALL_COMMAND}`);
  return { uid: Number(uid), gid: Number(gid) };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

async function connectWithRetry(url: string, deadline: number): Promise<pg.Client> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

/**
 * `initdb` into a fresh temp folder, then `pg_ctl start` on a free 127.0.0.1 port with the
 * socket in that folder, and an empty database `mibi`. The cluster goes away with `stop()`, at
 * process exit, and (through a small watchdog process) even when the test process is killed.
 * Throws the install command when the server programs are missing.
 */
export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = serverBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'mibi-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const pgCtl = join(bin, 'pg_ctl');
  const settings = { ...TEST_SETTINGS, ...options.settings };
  let port = 0;
  let started = false;

  const stopServer = async (mode: 'fast' | 'immediate') => {
    if (started) await run(pgCtl, ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'], dir);
    started = false;
  };
  // 'exit' handlers run synchronously: a signal is all that can be sent there (SIGQUIT: immediate shutdown).
  const killOnExit = () => {
    try {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    } catch {
      // not running
    }
  };
  const watchdog = startWatchdog(pgCtl, data, dir);

  try {
    if (asRoot) {
      const { uid, gid } = postgresUser();
      chownSync(dir, uid, gid);
    }
    await run(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      dir,
    );
    process.once('exit', killOnExit);
    const startServer = async () => {
      const serverOptions = [
        `-p ${port}`,
        `-k '${dir}'`,
        ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
      ].join(' ');
      await run(
        pgCtl,
        ['-D', data, '-l', log, '-w', '-t', String(STARTUP_TIMEOUT_S), '-o', serverOptions, 'start'],
        dir,
      );
      started = true;
    };
    for (let attempt = 1; !started; attempt++) {
      port = await freePort();
      try {
        await startServer();
      } catch (error) {
        // Another process may have taken the port between freePort() and the server's bind.
        if (attempt >= PORT_ATTEMPTS) throw new Error(`${(error as Error).message}\n${tail(log)}`);
      }
    }

    const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    let databases = 0;
    const createDatabase = async (name = `db_${++databases}`) => {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new TypeError(`Invalid database name ${JSON.stringify(name)}`);
      const admin = await connectWithRetry(urlOf('postgres'), Date.now() + STARTUP_TIMEOUT_S * 1000);
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return urlOf(name);
    };

    return {
      url: await createDatabase('mibi'),
      port,
      createDatabase,
      pause: () => stopServer('fast'),
      resume: startServer,
      async stop() {
        process.off('exit', killOnExit);
        try {
          await stopServer('fast');
        } finally {
          watchdog.kill();
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    process.off('exit', killOnExit);
    await stopServer('immediate').catch(() => {});
    watchdog.kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A detached shell that outlives a killed test process by at most a second: it stops the
 * cluster and removes its folder once this process is gone. `stop()` ends it first.
 */
function startWatchdog(pgCtl: string, data: string, dir: string): { kill(): void } {
  const [command, args] = serverCommand(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
  const script =
    'parent=$1; dir=$2; shift 2; while kill -0 "$parent" 2>/dev/null; do sleep 1; done; "$@" >/dev/null 2>&1; rm -rf "$dir"';
  const child = spawn('sh', ['-c', script, 'watchdog', String(process.pid), dir, command, ...args], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return {
    kill() {
      // Its own process group (detached), so its `sleep` goes too.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}
