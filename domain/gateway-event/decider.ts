/**
 * The webhooks the payment gateway delivered, one stream per gateway event id: the gateway
 * delivers an event again until it hears 2xx (and on demand), so its id, once recorded here,
 * marks it handled. It is recorded after its effect is decided, so one interrupted in between is
 * handled again on redelivery; the effects' own decisions make that second time a no-op.
 */
import type { Decider } from '../decider.ts';

export const gatewayEventStream = (eventId: string): string => `gateway-event-${eventId}`;

export type GatewayEventEvent = {
  type: 'GatewayEventHandled';
  /** `event`: its name (payment.captured, refund.processed, ...); `orderId`: the purchase it was about, when one. */
  data: { eventId: string; event: string; orderId: string | null; at: string };
};

export type GatewayEventCommand = { type: 'RecordGatewayEvent' } & GatewayEventEvent['data'];

/** The state: whether the event was handled. */
export const gatewayEventDecider: Decider<GatewayEventCommand, boolean, GatewayEventEvent> = {
  initialState: false,
  evolve: () => true,
  decide: ({ type: _, ...data }, handled) => (handled ? [] : [{ type: 'GatewayEventHandled', data }]),
};
