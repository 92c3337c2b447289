import { describe, expect, it } from 'vitest';
import { threadStream } from '../../domain/conversation/events.ts';
import { readThread } from '../commands/conversations.ts';
import { disputeOpenOn } from '../commands/help-requests.ts';
import { workerContext } from '../../workers/worker.ts';
import { reconcileEffect } from '../../workers/reconcile.ts';
import { THREAD_MAIL, type ThreadMailJob, threadMail, threadMailEffect } from '../../workers/thread-mail.ts';
import { tinyPng } from '../images/tiny-png.fixtures.ts';
import { type Client, errorOf, expectStatus } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { listedProduct, signedIn } from './orders.fixtures.ts';
import { placedOrder } from './purchases.fixtures.ts';

const api = await fileApi();
const [buyer, seller, otherBuyer, otherSeller, admin] = await Promise.all([
  signedIn(api, 'buyer', 'Asha Rao'),
  signedIn(api, 'seller', 'Meera Weaves'),
  signedIn(api, 'buyer', 'Ravi Kumar'),
  signedIn(api, 'seller', 'Kashmir Looms'),
  signInAdmin(api),
]);
const diya = await listedProduct(api, seller, { name: 'Brass Diya' });
const { orderId } = await placedOrder(api, buyer, [{ productId: diya }]);
const thread = `${orderId}-1`;

const post = (client: Client, text: unknown, id = thread, images?: unknown) =>
  client.raw.post(
    `/api/threads/${encodeURIComponent(id)}/messages`,
    images === undefined ? { text } : { text, images },
  );
const mailsTo = async (client: Client) =>
  (await api.platform.mailbox!.list({ to: client.user!.email })).filter((m) => m.subject.startsWith('New message'));

describe('conversations', () => {
  it('the buyer writes, the seller reads and answers, each with unread counts; the away seller is mailed once', async () => {
    const empty = await buyer.api.threads[':id'].$get({ param: { id: thread } });
    expectStatus(empty, 200);
    expect(empty.body).toEqual({ sellerOrderId: thread, orderId, as: 'buyer', unread: 0, messages: [] });

    const sent = await buyer.api.threads[':id'].messages.$post({
      param: { id: thread },
      json: { text: '  Is the diya solid brass?  ' },
    });
    expectStatus(sent, 201);
    expect(sent.body.message).toMatchObject({
      sellerOrderId: thread,
      seq: 1,
      from: 'buyer',
      text: 'Is the diya solid brass?',
    });
    await api.settle();

    const listed = await seller.after(sent.body.position).threads.$get();
    expectStatus(listed, 200);
    expect(listed.body).toMatchObject({ unread: 1, items: [{ sellerOrderId: thread, as: 'seller', unread: 1 }] });
    const seen = await seller.api.threads[':id'].$get({ param: { id: thread } });
    expectStatus(seen, 200);
    expect(seen.body).toMatchObject({
      as: 'seller',
      unread: 1,
      messages: [{ from: 'buyer', text: 'Is the diya solid brass?' }],
    });
    // The seller had never read the thread: away, so mailed, with the link to it.
    const [mail, ...more] = await mailsTo(seller);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`/messages/${thread}`);

    const read = await seller.api.threads[':id'].read.$post({ param: { id: thread } });
    expectStatus(read, 200);
    const after = await seller.after(read.body.position).threads.$get();
    expect(after.body).toMatchObject({ unread: 0 });

    const answer = await seller.api.threads[':id'].messages.$post({
      param: { id: thread },
      json: { text: 'Yes, cast brass.' },
    });
    expectStatus(answer, 201);
    await api.settle();
    const buyerList = await buyer.after(answer.body.position).threads.$get();
    expect(buyerList.body).toMatchObject({ unread: 1, items: [{ as: 'buyer', unread: 1 }] });
    // The buyer wrote a moment ago: present, not mailed.
    expect(await mailsTo(buyer)).toEqual([]);
  });

  it('mails exactly once however often the job runs again or the reconciliation passes', async () => {
    const cx = workerContext(api.platform, api.ctx.config);
    const events = await api.platform.events.readStream(threadStream(thread));
    const first = events.find((e) => e.type === 'ThreadMessagePosted')!;
    const [entry] = await threadMailEffect.jobsOf(first as never, cx.streams);
    const job: ThreadMailJob = entry!.job;
    await threadMail.handle({ id: 'again', name: THREAD_MAIL, data: job, attempt: 2 }, cx);
    expect((await reconcileEffect(cx, threadMailEffect)).requeued).toBe(0);
    await api.platform.queue.drained(THREAD_MAIL);
    expect(await mailsTo(seller)).toHaveLength(1);
    const mailed = (await api.platform.events.readStream(threadStream(thread))).filter(
      (e) => e.type === 'ThreadMessageMailed',
    );
    expect(mailed).toHaveLength(1);
  });

  it('sends images the author uploaded to the thread, and refuses anyone else’s', async () => {
    const file = new File([Uint8Array.from(tinyPng())], 'parcel.png', { type: 'image/png' });
    const uploaded = await buyer.api.threads[':id'].images.$post({ param: { id: thread }, form: { file } });
    expectStatus(uploaded, 201);
    const sent = await buyer.api.threads[':id'].messages.$post({
      param: { id: thread },
      json: { text: 'The box came dented', images: [uploaded.body.id] },
    });
    expectStatus(sent, 201);
    expect(sent.body.message.images).toEqual([uploaded.body]);
    // The seller may not send the buyer's upload as theirs.
    const theirs = await post(seller, 'Look', thread, [uploaded.body.id]);
    expectStatus(theirs, 400);
    expect(errorOf(theirs).fields).toEqual({ images: 'Images are the ids of your uploads' });
    const stranger = await otherBuyer.api.threads[':id'].images.$post({ param: { id: thread }, form: { file } });
    expectStatus(stranger, 404);
  });

  it('answers 404 to another buyer, another seller and an admin (no dispute is open), for every route', async () => {
    for (const client of [otherBuyer, otherSeller, admin]) {
      expectStatus(await client.api.threads[':id'].$get({ param: { id: thread } }), 404);
      expectStatus(await post(client, 'Hello'), 404);
      expectStatus(await client.api.threads[':id'].read.$post({ param: { id: thread } }), 404);
      const list = await client.api.threads.$get();
      expectStatus(list, 200);
      expect(list.body).toEqual({ items: [], unread: 0 });
    }
    expect(errorOf(await otherBuyer.api.threads[':id'].$get({ param: { id: thread } }))).toMatchObject({
      code: 'not_found',
      message: 'Conversation not found',
    });
    expectStatus(await api.anonymous().api.threads[':id'].$get({ param: { id: thread } }), 401);
  });

  it('refuses bad input with a 4xx JSON error', async () => {
    const fields = async (text: unknown) => {
      const reply = await post(buyer, text);
      expectStatus(reply, 400);
      return errorOf(reply).fields;
    };
    expect(await fields('   ')).toEqual({ text: 'Message is required' });
    expect(await fields(42)).toEqual({ text: 'Message is required' });
    expect(await fields('x'.repeat(2001))).toEqual({ text: 'Message must be at most 2000 characters' });
    expect(await fields('pay here\u202E')).toEqual({ text: 'Message contains characters that are not allowed' });
    const tooMany = await post(buyer, 'hi', thread, ['a', 'b', 'c', 'd', 'e']);
    expect(errorOf(tooMany).fields).toEqual({ images: 'A message can have at most 4 images' });
    const garbage = await buyer.raw.post(`/api/threads/${thread}/messages`, '{"text": ');
    expectStatus(garbage, 400);
    expectStatus(await buyer.raw.post(`/api/threads/${thread}/messages`, { text: 'x'.repeat(70 * 1024) }), 413);
    for (const id of ['nope', `${orderId}-2`, `${crypto.randomUUID()}-1`, 'x'.repeat(101)]) {
      const reply = await post(buyer, 'Hello', id);
      expect([400, 404]).toContain(reply.status);
      expect(errorOf(reply).code).toBeTruthy();
      expect([400, 404]).toContain((await buyer.raw.get(`/api/threads/${encodeURIComponent(id)}`)).status);
    }
    expectStatus(await buyer.raw.get(`/api/threads/${orderId}-2`), 404);
  });

  it('lets an admin read a thread while a dispute is open on it, recording each read', async () => {
    const staff = { userId: admin.user!.id, roles: ['admin' as const] };
    const disputed = { ...api.ctx, disputeOpen: async (id: string) => id === thread };
    const view = await readThread(disputed, staff, thread);
    expect(view).toMatchObject({ sellerOrderId: thread, as: 'staff', unread: 0 });
    expect(view.messages.length).toBeGreaterThan(0);
    // The real check: no help request of this order was taken to MIBI.
    await expect(readThread({ ...api.ctx, disputeOpen: disputeOpenOn(api.ctx) }, staff, thread)).rejects.toThrow(
      'Conversation not found',
    );
    const reads = (await api.platform.events.readStream(threadStream(thread))).filter(
      (e) => e.type === 'ThreadReadByStaff',
    );
    expect(reads.map((e) => e.data)).toEqual([{ sellerOrderId: thread, by: staff.userId, at: expect.any(String) }]);
  });

  it('limits the messages a user posts (429 with Retry-After)', async () => {
    let reply = await post(seller, 'Any questions?');
    for (let i = 0; i < 40 && reply.status === 201; i++) reply = await post(seller, `Note ${i}`);
    expectStatus(reply, 429);
    expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(errorOf(reply).message).toMatch(/^Too many messages\. Please try again in /);
  });
});
