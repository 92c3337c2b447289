import { describe, expect, it } from 'vitest';
import { isStoreOutage } from './outage.ts';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('isStoreOutage', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', coded('ECONNRESET')],
    ['PostgreSQL shutting down', coded('57P01', 'terminating connection due to administrator command')],
    ['PostgreSQL refusing connections while starting', coded('57P03', 'the database system is starting up')],
    ['a PostgreSQL connection exception', coded('08006')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['node-postgres timing out a connect', new Error('timeout exceeded when trying to connect')],
    ['ioredis giving up on a command', named('MaxRetriesPerRequestError')],
    ['ioredis on a closed connection', new Error('Connection is closed.')],
    ['the MongoDB driver finding no server', named('MongoServerSelectionError')],
    ['every address of a host refusing', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])],
    ['an outage wrapped as a cause', new Error('append failed', { cause: coded('ETIMEDOUT') })],
  ])('knows %s', (_, error) => expect(isStoreOutage(error)).toBe(true));

  it.each([
    ['a fault in our code', new TypeError('cannot read properties of undefined')],
    ['a constraint PostgreSQL refused', coded('23505', 'duplicate key value')],
    ['a syntax error in a query', coded('42601')],
    ['SQLite being busy', coded('SQLITE_BUSY')],
    ['a value that is no error', { code: 'ECONNREFUSED' }],
    ['nothing', undefined],
  ])('does not take %s for one', (_, error) => expect(isStoreOutage(error)).toBe(false));
});
