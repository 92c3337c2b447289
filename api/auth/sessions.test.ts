import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { type SessionChange, sessionId, Sessions, renewStepMs } from './sessions.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const limits = { idleMs: 72 * HOUR_MS, maxMs: 30 * DAY_MS };
const start = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('Sessions', () => {
  let read: SqliteReadStore;
  let sessions: Sessions;
  beforeEach(() => {
    read = new SqliteReadStore(':memory:');
    sessions = new Sessions(read, limits);
  });
  afterEach(() => read.close());

  it('names expiresAt as the expiry of its collection, for stores with a TTL index', () => {
    const collection = vi.spyOn(read, 'collection');
    new Sessions(read);
    expect(collection).toHaveBeenCalledWith({ name: 'sessions', indexes: [['userId']], expireAt: 'expiresAt' });
  });

  it('stores the idle end as its expiry, under the hash of the token', async () => {
    const { token, session } = await sessions.create('u1', start);
    expect(session).toEqual({
      id: sessionId(token),
      userId: 'u1',
      createdAt: start.toISOString(),
      lastUsedAt: start.toISOString(),
      expiresAt: at(limits.idleMs).toISOString(),
    });
    expect(await read.collection('sessions').get(sessionId(token))).toEqual(session);
  });

  it('writes a use down at most once per renewal step (an hour by default)', async () => {
    expect(renewStepMs(limits)).toBe(HOUR_MS);
    expect(renewStepMs({ idleMs: 6 * 60_000, maxMs: DAY_MS })).toBe(30_000);
    const { token, session } = await sessions.create('u1', start);
    expect(await sessions.validate(token, at(HOUR_MS - 1))).toEqual({ session, renewed: false });
    const used = at(HOUR_MS);
    const found = await sessions.validate(token, used);
    expect(found).toEqual({
      session: { ...session, lastUsedAt: used.toISOString(), expiresAt: at(HOUR_MS + limits.idleMs).toISOString() },
      renewed: true,
    });
    expect(await read.collection('sessions').get(sessionId(token))).toEqual(found!.session);
  });

  it('ends a session left unused for the idle timeout, and removes it', async () => {
    const { token } = await sessions.create('u1', start);
    expect(await sessions.validate(token, at(limits.idleMs - 1))).not.toBeNull();
    // That use was recorded: the idle time counts from it.
    expect(await sessions.validate(token, at(2 * limits.idleMs - 2))).not.toBeNull();
    expect(await sessions.validate(token, at(3 * limits.idleMs - 2))).toBeNull();
    expect(await read.collection('sessions').get(sessionId(token))).toBeNull();
  });

  it('ends a session at its absolute lifetime however much it is used; renewal never passes that end', async () => {
    const { token } = await sessions.create('u1', start);
    let last: string | undefined;
    for (let t = 0; t < limits.maxMs; t += 12 * HOUR_MS) {
      const found = await sessions.validate(token, at(t));
      expect(found, `in use at ${t / HOUR_MS} h`).not.toBeNull();
      expect(Date.parse(found!.session.expiresAt)).toBeLessThanOrEqual(at(limits.maxMs).getTime());
      last = found!.session.expiresAt;
    }
    expect(last).toBe(at(limits.maxMs).toISOString());
    expect(await sessions.validate(token, at(limits.maxMs - 1))).not.toBeNull();
    expect(await sessions.validate(token, at(limits.maxMs))).toBeNull();
  });

  it('applies changed limits to the sessions already open', async () => {
    const { token } = await sessions.create('u1', start);
    const shorter = new Sessions(read, { idleMs: HOUR_MS, maxMs: 2 * HOUR_MS });
    expect(await shorter.validate(token, at(HOUR_MS))).toBeNull();
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

  it('says which sessions are live without counting it as a use', async () => {
    const [a, b] = [await sessions.create('u1', start), await sessions.create('u2', start)];
    await sessions.end(b.session.id);
    const live = await sessions.live([a.session.id, b.session.id, 'unknown'], at(HOUR_MS * 2));
    expect([...live.keys()]).toEqual([a.session.id]);
    expect(live.get(a.session.id)!.lastUsedAt).toBe(start.toISOString());
    expect((await sessions.live([a.session.id], at(limits.idleMs))).size).toBe(0);
    expect((await sessions.live([], start)).size).toBe(0);
  });

  it('tells its listeners of every session ended and of rights cut', async () => {
    const told: SessionChange[] = [];
    const stop = sessions.onChange((change) => told.push(change));
    const [a, b, c] = [
      await sessions.create('u1', start),
      await sessions.create('u1', start),
      await sessions.create('u2', start),
    ];
    await sessions.end(a.session.id);
    await sessions.endAll('u1');
    await sessions.endAll('nobody');
    await sessions.validate(c.token, at(limits.idleMs));
    const d = await sessions.create('u3', start);
    await sessions.cutRights('u3', at(1));
    expect(told).toEqual([
      { type: 'ended', ids: [a.session.id] },
      { type: 'ended', ids: [b.session.id] },
      { type: 'ended', ids: [c.session.id] },
      { type: 'rightsCut', userId: 'u3', at: at(1).toISOString() },
    ]);
    expect((await read.collection('sessions').get(d.session.id))?.rightsCutAt).toBe(at(1).toISOString());
    stop();
    await sessions.endAll('u3');
    expect(told).toHaveLength(4);
  });
});
