import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { AT, actors, errorsOf, given } from '../testing.ts';
import { later } from '../time.ts';
import { threadReader } from './access.ts';
import { mailDue } from './away.ts';
import { type Thread, type ThreadCommand, threadDecider } from './decider.ts';
import type { Party, ThreadEvent } from './events.ts';
import { MAX_MESSAGE_IMAGES, messageSchema } from './schemas.ts';

const parties = {
  sellerOrderId: 'o1-1',
  orderId: 'o1',
  buyerId: actors.buyer.userId,
  sellerId: actors.seller.userId,
};
const MINUTE = 60_000;

const posted = (messageId: string, from: Party, at = AT): ThreadEvent => ({
  type: 'ThreadMessagePosted',
  data: { ...parties, messageId, from, text: `hello ${messageId}`, images: [], at },
});
const read = (party: Party, through: number, at = AT): ThreadEvent => ({
  type: 'ThreadRead',
  data: { sellerOrderId: parties.sellerOrderId, party, through, at },
});
const post = (actor: Actor = actors.buyer, messageId = 'm1'): ThreadCommand => ({
  type: 'PostMessage',
  actor,
  parties,
  messageId,
  text: 'Is it cotton?',
  images: [],
  at: AT,
});
const threadOf = (events: ThreadEvent[]): Thread => fold(threadDecider, events)!;

describe('thread decider', () => {
  it('posts a message of the buyer and of the seller, each on their side', () => {
    given(threadDecider)
      .when(post())
      .then([
        {
          type: 'ThreadMessagePosted',
          data: { ...parties, messageId: 'm1', from: 'buyer', text: 'Is it cotton?', images: [], at: AT },
        },
      ]);
    given(threadDecider, [posted('m1', 'buyer')])
      .when(post(actors.seller, 'm2'))
      .then([posted('m2', 'seller')].map((e) => ({ ...e, data: { ...e.data, text: 'Is it cotton?' } }) as ThreadEvent));
  });

  it('answers not found to anyone else, an admin included: staff never write to a thread', () => {
    for (const actor of [actors.otherBuyer, actors.otherSeller, actors.admin])
      given(threadDecider).when(post(actor)).then({ code: 'not_found', kind: 'not_found' });
  });

  it('marks read what the party has not read, once', () => {
    const history = [posted('m1', 'buyer'), posted('m2', 'buyer')];
    const mark = { type: 'MarkThreadRead', actor: actors.seller, parties, at: AT } as const;
    given(threadDecider, history)
      .when(mark)
      .then([read('seller', 2)]);
    given(threadDecider, [...history, read('seller', 2)])
      .when(mark)
      .then([]);
    // The author has read their own messages.
    given(threadDecider, history)
      .when({ ...mark, actor: actors.buyer })
      .then([]);
    given(threadDecider).when(mark).then([]);
  });

  it('records a mail once', () => {
    const mailed = { type: 'RecordMessageMailed', messageId: 'm1', to: parties.sellerId, at: AT } as const;
    const event: ThreadEvent = {
      type: 'ThreadMessageMailed',
      data: { sellerOrderId: 'o1-1', messageId: 'm1', to: 'seller-1', at: AT },
    };
    given(threadDecider, [posted('m1', 'buyer')])
      .when(mailed)
      .then([event]);
    given(threadDecider, [posted('m1', 'buyer'), event])
      .when(mailed)
      .then([]);
    given(threadDecider).when(mailed).then({ code: 'not_found', kind: 'not_found' });
  });

  it('records a staff read only while a dispute is open on the thread', () => {
    const staffRead = { type: 'RecordStaffRead', actor: actors.admin, parties, disputeOpen: true, at: AT } as const;
    given(threadDecider)
      .when(staffRead)
      .then([{ type: 'ThreadReadByStaff', data: { sellerOrderId: 'o1-1', by: actors.admin.userId, at: AT } }]);
    given(threadDecider)
      .when({ ...staffRead, disputeOpen: false })
      .then({ code: 'not_found', kind: 'not_found' });
    given(threadDecider)
      .when({ ...staffRead, actor: actors.otherBuyer })
      .then({ code: 'not_found', kind: 'not_found' });
  });
});

describe('who reads a thread', () => {
  it('its parties; an admin only while a dispute is open; nobody else', () => {
    expect(threadReader(actors.buyer, parties, false)).toBe('buyer');
    expect(threadReader(actors.seller, parties, false)).toBe('seller');
    expect(threadReader(actors.admin, parties, false)).toBeNull();
    expect(threadReader(actors.admin, parties, true)).toBe('staff');
    expect(threadReader(actors.otherBuyer, parties, true)).toBeNull();
    expect(threadReader(actors.otherSeller, parties, true)).toBeNull();
  });
});

describe('the mail of a new message', () => {
  it('goes to a reader who never read the thread, for the first message of a run only', () => {
    const thread = threadOf([posted('m1', 'buyer'), posted('m2', 'buyer')]);
    expect(mailDue(thread, 'm1')).toEqual({ to: parties.sellerId });
    expect(mailDue(thread, 'm2')).toBeNull();
  });

  it('goes to a reader away for AWAY_MINUTES, not to one who read the thread just before', () => {
    const seen = [posted('m1', 'buyer'), read('seller', 1, AT)];
    expect(mailDue(threadOf([...seen, posted('m2', 'buyer', later(AT, 4 * MINUTE))]), 'm2')).toBeNull();
    expect(mailDue(threadOf([...seen, posted('m2', 'buyer', later(AT, 5 * MINUTE))]), 'm2')).toEqual({
      to: parties.sellerId,
    });
    // Writing counts as reading: the buyer answering at AT is present for the seller's reply a minute later.
    const answered = [posted('m1', 'buyer'), posted('m2', 'seller', later(AT, MINUTE))];
    expect(mailDue(threadOf(answered), 'm2')).toBeNull();
  });

  it('is not due once read or mailed', () => {
    expect(mailDue(threadOf([posted('m1', 'seller'), read('buyer', 1)]), 'm1')).toBeNull();
    const mailed: ThreadEvent = {
      type: 'ThreadMessageMailed',
      data: { sellerOrderId: 'o1-1', messageId: 'm1', to: 'buyer-1', at: AT },
    };
    expect(mailDue(threadOf([posted('m1', 'seller'), mailed]), 'm1')).toBeNull();
    expect(mailDue(threadOf([posted('m1', 'seller')]), 'nope')).toBeNull();
  });
});

describe('message body', () => {
  it('refuses empty, too long, hidden characters and too many images', () => {
    expect(errorsOf(messageSchema, { text: '  ' })).toEqual({ text: 'Message is required' });
    expect(errorsOf(messageSchema, {})).toEqual({ text: 'Message is required' });
    expect(errorsOf(messageSchema, { text: 'x'.repeat(2001) })).toEqual({
      text: 'Message must be at most 2000 characters',
    });
    expect(errorsOf(messageSchema, { text: 'hi\u202Eevil' })).toEqual({
      text: 'Message contains characters that are not allowed',
    });
    const images = Array.from({ length: MAX_MESSAGE_IMAGES + 1 }, (_, i) => `u${i}`);
    expect(errorsOf(messageSchema, { text: 'hi', images })).toEqual({ images: 'A message can have at most 4 images' });
    expect(messageSchema.parse({ text: ' line one\r\nline two ' })).toEqual({ text: 'line one\nline two', images: [] });
  });
});
