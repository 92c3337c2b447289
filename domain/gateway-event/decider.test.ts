import { it } from 'vitest';
import { AT, given } from '../testing.ts';
import { gatewayEventDecider } from './decider.ts';

const data = { eventId: 'evt_1', event: 'payment.captured', orderId: 'o-1', at: AT };

it('records a gateway event once, however often it is delivered', () => {
  given(gatewayEventDecider)
    .when({ type: 'RecordGatewayEvent', ...data })
    .then([{ type: 'GatewayEventHandled', data }]);
  given(gatewayEventDecider, [{ type: 'GatewayEventHandled', data }])
    .when({ type: 'RecordGatewayEvent', ...data })
    .then([]);
});
