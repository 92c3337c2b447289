/**
 * Child process of the durability test in sqlite.test.ts. Usage:
 * `sqlite.kill-fixture.ts <database file> <streams> <events per append>`.
 * Appends to the streams in turn until it is killed, printing the number of each append on
 * stdout once the append has returned, that is once the test may count on it.
 */
import { SqliteEventStore } from './sqlite.ts';

const [path, streams, perAppend] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
if (!path || !(streams > 0) || !(perAppend > 0))
  throw new Error('usage: sqlite.kill-fixture.ts <file> <streams> <events per append>');

const store = new SqliteEventStore(path);
// Events spanning several pages make a torn write possible if commits were not atomic.
const padding = 'x'.repeat(2000);
for (let n = 0; ; n++) {
  const expected = Math.floor(n / streams) * perAppend - 1;
  const events = Array.from({ length: perAppend }, (_, i) => ({ type: 'Appended', data: { n, i, padding } }));
  await store.append(`kill-${n % streams}`, events, expected < 0 ? 'no_stream' : expected);
  process.stdout.write(`${n}\n`);
}
