import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { SESSION_TTL_MS, sessionId, Sessions } from './sessions.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const start = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('Sessions', () => {
  let read: SqliteReadStore;
  let sessions: Sessions;
  beforeEach(() => {
    read = new SqliteReadStore(':memory:');
    sessions = new Sessions(read);
  });
  afterEach(() => read.close());

  it('names expiresAt as the expiry of its collection, for stores with a TTL index', () => {
    const collection = vi.spyOn(read, 'collection');
    new Sessions(read);
    expect(collection).toHaveBeenCalledWith({ name: 'sessions', indexes: [['userId']], expireAt: 'expiresAt' });
  });

  it('stores the expiry as an ISO-8601 time a full term ahead, under the hash of the token', async () => {
    const { token, session } = await sessions.create('u1', start);
    expect(session).toEqual({
      id: sessionId(token),
      userId: 'u1',
      createdAt: start.toISOString(),
      expiresAt: at(SESSION_TTL_MS).toISOString(),
    });
    expect(await read.collection('sessions').get(sessionId(token))).toEqual(session);
  });

  it('keeps a session as it is in the first half of its term (sliding expiry)', async () => {
    const { token, session } = await sessions.create('u1', start);
    expect(await sessions.validate(token, at(SESSION_TTL_MS / 2 - DAY_MS))).toEqual({ session, renewed: false });
  });

  it('pushes the expiry back to a full term when used in the second half', async () => {
    const { token } = await sessions.create('u1', start);
    const used = at(SESSION_TTL_MS / 2 + DAY_MS);
    const found = await sessions.validate(token, used);
    expect(found?.renewed).toBe(true);
    expect(found?.session.expiresAt).toBe(new Date(used.getTime() + SESSION_TTL_MS).toISOString());
    expect((await read.collection('sessions').get(sessionId(token)))?.expiresAt).toBe(found?.session.expiresAt);
  });

  it('refuses and removes a session past its expiry, where no TTL index removed it yet', async () => {
    const { token } = await sessions.create('u1', start);
    expect(await sessions.validate(token, at(SESSION_TTL_MS))).toBeNull();
    expect(await read.collection('sessions').get(sessionId(token))).toBeNull();
    expect(await sessions.validate(token, at(SESSION_TTL_MS))).toBeNull();
  });

  it('ends one session, or all of a user', async () => {
    const [a, b] = [await sessions.create('u1', start), await sessions.create('u1', start)];
    const other = await sessions.create('u2', start);
    await sessions.end(a.session.id);
    expect(await sessions.validate(a.token, start)).toBeNull();
    expect(await sessions.endAll('u1')).toBe(1);
    expect(await sessions.validate(b.token, start)).toBeNull();
    expect(await sessions.validate(other.token, start)).not.toBeNull();
  });
});
