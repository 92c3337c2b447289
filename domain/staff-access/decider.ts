/**
 * Staff views of personal data (the analyst surfaces with personal data revealed, the stream
 * browser unmasked): only an admin may ask, with a reason, and every view is an event on the
 * admin's own stream, recorded before the data is shown. Nothing is decided from past views,
 * so the state is empty.
 */
import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { StaffAccessEvent, StaffSurface } from './events.ts';
import { ACCESS_REASON_REQUIRED } from './schemas.ts';

export type StaffAccessCommand = {
  type: 'RecordPersonalDataView';
  actor: Actor;
  surface: StaffSurface;
  subject: string;
  reason: string;
  at: string;
};

export const staffAccessDecider: Decider<StaffAccessCommand, null, StaffAccessEvent> = {
  initialState: null,
  evolve: (state) => state,
  decide({ actor, surface, subject, reason, at }) {
    if (!isAdmin(actor)) throw forbidden(/*i18n*/ 'Only an admin can see personal data');
    if (reason.trim() === '') throw new DomainError('reason_required', ACCESS_REASON_REQUIRED, 'invalid');
    return [{ type: 'PersonalDataViewed', data: { by: actor.userId, surface, subject, reason, at } }];
  },
};
