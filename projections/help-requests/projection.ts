/** Help requests and disputes as their buyer, their seller and the admins read them (domain/dispute). */
import { type HelpEvent, HELP_EVENT_TYPES } from '../../domain/dispute/events.ts';
import { shortSellerOrderId } from '../../domain/order/status.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { HelpRequestDoc, HelpStep } from './documents.ts';

export const HELP_REQUESTS = 'help_requests';

const step = (fields: Pick<HelpStep, 'kind' | 'by' | 'text' | 'at'> & Partial<HelpStep>): HelpStep => ({
  resolution: null,
  outcome: null,
  refundPaise: null,
  ...fields,
});

export const helpRequests: Projection = {
  name: 'help-requests',
  collections: [
    {
      name: HELP_REQUESTS,
      indexes: [['buyerId', 'createdAt'], ['sellerId', 'createdAt'], ['sellerOrderId'], ['status', 'escalatedAt']],
    },
  ],
  eventTypes: HELP_EVENT_TYPES,
  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as HelpEvent & RecordedEvent;
    const { helpId, at } = event.data;
    if (event.type === 'HelpRequested') {
      const { orderId, sellerOrderId, sellerId, buyerId, reason, text, images, answerBy } = event.data;
      work.put<HelpRequestDoc>(HELP_REQUESTS, {
        id: helpId,
        orderId,
        sellerOrderId,
        shortId: shortSellerOrderId(sellerOrderId),
        buyerId,
        sellerId,
        reason,
        text,
        images,
        status: 'open',
        answerBy,
        escalatedAt: null,
        refundedPaise: 0,
        steps: [step({ kind: 'requested', by: 'buyer', text, at })],
        createdAt: at,
        updatedAt: at,
      });
      return;
    }
    const doc = await work.get<HelpRequestDoc>(HELP_REQUESTS, helpId);
    // The order decider refuses steps of a help request never asked, so this is a damaged log.
    if (!doc) throw new Error(`${event.type} at position ${recorded.position} for no help request: ${helpId}`);
    const next = (status: HelpRequestDoc['status'], added: HelpStep, refundPaise = 0): HelpRequestDoc => ({
      ...doc,
      status,
      refundedPaise: doc.refundedPaise + refundPaise,
      steps: [...doc.steps, added],
      updatedAt: at,
    });
    switch (event.type) {
      case 'HelpAnswered':
        work.put(HELP_REQUESTS, next('answered', step({ kind: 'answered', by: 'seller', text: event.data.text, at })));
        return;
      case 'HelpResolved': {
        const { resolution, text, refund } = event.data;
        const refundPaise = refund?.amountPaise ?? null;
        const added = step({ kind: 'resolved', by: 'seller', text, resolution, refundPaise, at });
        work.put(HELP_REQUESTS, next('resolved', added, refundPaise ?? 0));
        return;
      }
      case 'HelpEscalated':
        work.put(HELP_REQUESTS, {
          ...next('escalated', step({ kind: 'escalated', by: 'buyer', text: event.data.text, at })),
          escalatedAt: at,
        });
        return;
      case 'DisputeDecided': {
        const { outcome, reason, refund } = event.data;
        const refundPaise = refund?.amountPaise ?? null;
        const added = step({ kind: 'decided', by: 'mibi', text: reason, outcome, refundPaise, at });
        work.put(HELP_REQUESTS, next('decided', added, refundPaise ?? 0));
        return;
      }
    }
  },
};
