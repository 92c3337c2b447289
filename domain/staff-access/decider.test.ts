import { describe, it } from 'vitest';
import { actors, AT, given } from '../testing.ts';
import { staffAccessDecider } from './decider.ts';

const view = {
  surface: 'sql',
  subject: 'select email from "AccountRegistered"',
  reason: 'Fraud case 12',
  at: AT,
} as const;

describe('staff access', () => {
  it('records each view of personal data by an admin, with what and why, however often', () => {
    const viewed = { type: 'PersonalDataViewed', data: { by: actors.admin.userId, ...view } } as const;
    given(staffAccessDecider)
      .when({ type: 'RecordPersonalDataView', actor: actors.admin, ...view })
      .then([viewed]);
    given(staffAccessDecider, [viewed])
      .when({ type: 'RecordPersonalDataView', actor: actors.admin, ...view })
      .then([viewed]);
  });

  it('refuses anyone but an admin, an analyst included', () => {
    for (const actor of [actors.analyst, actors.buyer, actors.seller]) {
      given(staffAccessDecider)
        .when({ type: 'RecordPersonalDataView', actor, ...view })
        .then({ code: 'forbidden', kind: 'forbidden' });
    }
  });

  it('refuses a view without a reason', () => {
    given(staffAccessDecider)
      .when({ type: 'RecordPersonalDataView', actor: actors.admin, ...view, reason: '  ' })
      .then({ code: 'reason_required', kind: 'invalid' });
  });
});
