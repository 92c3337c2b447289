import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { Sessions } from '../auth/sessions.ts';
import { LiveSessionWatch, type WatchedStream } from './sessions.ts';
import { captureLog } from '../../platform/log.fixtures.ts';

describe('LiveSessionWatch', () => {
  let read: SqliteReadStore;
  let sessions: Sessions;
  beforeEach(() => {
    read = new SqliteReadStore(':memory:');
    sessions = new Sessions(read);
  });
  afterEach(() => {
    vi.useRealTimers();
    read.close();
  });

  const stream = (sessionId: string, userId: string, openedAt = Date.now()) => {
    const ended = vi.fn();
    return { stream: { sessionId, userId, openedAt, end: ended } satisfies WatchedStream, ended };
  };

  it("ends at once the streams of sessions this process ends, or of a user whose rights it cuts, and no one else's", async () => {
    const watch = new LiveSessionWatch(sessions);
    const [a, b, c] = [await sessions.create('u1'), await sessions.create('u1'), await sessions.create('u2')];
    const [sa, sb, sc] = [stream(a.session.id, 'u1'), stream(b.session.id, 'u1'), stream(c.session.id, 'u2')];
    for (const { stream } of [sa, sb, sc]) watch.watch(stream);
    await sessions.end(a.session.id);
    expect([sa.ended.mock.calls.length, sb.ended.mock.calls.length, sc.ended.mock.calls.length]).toEqual([1, 0, 0]);
    await sessions.cutRights('u2');
    expect([sb.ended.mock.calls.length, sc.ended.mock.calls.length]).toEqual([0, 1]);
    await sessions.endAll('u1');
    expect(sb.ended).toHaveBeenCalledOnce();
    expect(watch.size).toBe(0);
  });

  it('ends on its check the streams of sessions gone or cut elsewhere, and keeps the others', async () => {
    const watch = new LiveSessionWatch(sessions);
    const [a, b, c] = [await sessions.create('u1'), await sessions.create('u2'), await sessions.create('u3')];
    const [sa, sb, sc] = [
      stream(a.session.id, 'u1'),
      stream(b.session.id, 'u2', Date.now() - 1000),
      stream(c.session.id, 'u3'),
    ];
    for (const { stream } of [sa, sb, sc]) watch.watch(stream);
    // Written as another process would: this process's Sessions is not told.
    const rows = read.collection('sessions');
    await rows.delete(a.session.id);
    await rows.patch(b.session.id, { rightsCutAt: new Date(Date.now() - 500).toISOString() });
    await rows.patch(c.session.id, { rightsCutAt: new Date(Date.now() - 60_000).toISOString() });
    await watch.check();
    expect([sa.ended.mock.calls.length, sb.ended.mock.calls.length, sc.ended.mock.calls.length]).toEqual([1, 1, 0]);
    expect(watch.size).toBe(1);
  });

  it('checks every interval while streams are open, and stops when none is', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const watch = new LiveSessionWatch(sessions, 1000);
    const check = vi.spyOn(watch, 'check');
    const { session } = await sessions.create('u1');
    const unwatch = watch.watch(stream(session.id, 'u1').stream);
    vi.advanceTimersByTime(3000);
    expect(check).toHaveBeenCalledTimes(3);
    unwatch();
    vi.advanceTimersByTime(3000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the streams when the sessions cannot be read, until a check can tell', async () => {
    const watch = new LiveSessionWatch({
      onChange: sessions.onChange.bind(sessions),
      live: () => Promise.reject(new Error('store down')),
    });
    const logged = captureLog('error');
    const { stream: s, ended } = stream('s-1', 'u1');
    watch.watch(s);
    await watch.check();
    expect(ended).not.toHaveBeenCalled();
    logged.restore();
    expect(logged.lines).toEqual([
      expect.objectContaining({ name: 'live', err: expect.objectContaining({ message: 'store down' }) }),
    ]);
  });
});
