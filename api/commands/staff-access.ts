/**
 * The one way a route records that staff are about to see personal data (issue 28's "an admin
 * asks explicitly, which is itself recorded"): call it before the data is read, so no view goes
 * unrecorded; it refuses anyone but an admin and a view without a reason.
 */
import type { Actor } from '../../domain/actor.ts';
import { staffAccessDecider } from '../../domain/staff-access/decider.ts';
import { type StaffSurface, staffAccessStream } from '../../domain/staff-access/events.ts';
import type { CommandContext } from './context.ts';

export interface PersonalDataView {
  surface: StaffSurface;
  /** What is shown: the SQL query, the stream's name. */
  subject: string;
  /** Why, as the admin gave it (accessReasonSchema checks it at the edge). */
  reason: string;
}

/** Records the view on the staff member's own stream; returns the log position of the record. */
export async function recordPersonalDataView(
  cx: CommandContext,
  actor: Actor,
  { surface, subject, reason }: PersonalDataView,
): Promise<{ position: number }> {
  const command = { type: 'RecordPersonalDataView', actor, surface, subject, reason, at: cx.now() } as const;
  const { position } = await cx.streams.handle(staffAccessStream(actor.userId), staffAccessDecider, command, {
    actor: actor.userId,
  });
  return { position };
}
