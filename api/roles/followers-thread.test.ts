import { afterEach, expect, it, vi } from 'vitest';
import { startFollowersThread } from './followers-thread.ts';

const entry = new URL('./followers-thread.fixture.ts', import.meta.url);

afterEach(() => {
  delete process.env.FOLLOWERS_FIXTURE;
});

it('resolves once the thread reports its followers running, and stop() waits for the thread to end', async () => {
  const lost = vi.fn();
  const thread = await startFollowersThread(entry, lost);
  await thread.stop();
  expect(lost).not.toHaveBeenCalled();
});

it("fails with the thread's own error when its followers cannot start", async () => {
  process.env.FOLLOWERS_FIXTURE = 'fails';
  await expect(startFollowersThread(entry, vi.fn())).rejects.toThrow('the read store is unreachable');
});

it('tells of a thread that ends unasked, so the process can stop rather than serve without followers', async () => {
  process.env.FOLLOWERS_FIXTURE = 'crashes';
  const lost = vi.fn();
  await startFollowersThread(entry, lost);
  await vi.waitFor(() => expect(lost).toHaveBeenCalled(), { timeout: 5_000 });
  expect(lost.mock.calls[0]![0]).toMatch(/the followers' thread (failed: .*a projection bug|ended)/s);
});
