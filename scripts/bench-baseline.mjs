/**
 * A baseline server for the benchmarks, in a process of its own like the server under test:
 * `node scripts/bench-baseline.mjs node|hono` answers {"hello":"world"} on a free port of
 * 127.0.0.1, prints the port, and runs until killed.
 */
import { createServer } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const body = JSON.stringify({ hello: 'world' });
const kind = process.argv[2];

function listening(server) {
  server.once('listening', () => console.log(server.address().port));
}

if (kind === 'node') {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  listening(server);
  server.listen(0, '127.0.0.1');
} else if (kind === 'hono') {
  const app = new Hono().get('/', (c) => c.json({ hello: 'world' }));
  listening(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
} else {
  console.error('Usage: node scripts/bench-baseline.mjs node|hono');
  process.exit(2);
}
