/** A seller's notifications: marking one read. */
import type { Actor } from '../../domain/actor.ts';
import { notificationDecider } from '../../domain/notification/decider.ts';
import { notificationStream } from '../../domain/notification/events.ts';
import type { CommandContext } from './context.ts';

export interface NotificationRead {
  id: string;
  read: true;
  position: number;
}

/** Marks the notification `id` read; only its seller may (another's answers 404, from the decider). */
export async function markNotificationRead(cx: CommandContext, actor: Actor, id: string): Promise<NotificationRead> {
  const command = { type: 'MarkNotificationRead', actor, at: cx.now() } as const;
  const { position } = await cx.streams.handle(notificationStream(id), notificationDecider, command, {
    actor: actor.userId,
  });
  return { id, read: true, position };
}
