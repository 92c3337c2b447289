/** `item` in place of the one with its id, or first when it is new (the dashboard lists are newest first). */
export function upsertById<T extends { id: string }>(list: readonly T[], item: T): T[] {
  const at = list.findIndex((current) => current.id === item.id);
  return at === -1 ? [item, ...list] : list.with(at, item);
}

/** A list of notifications with `notification` as it is now, its unread count following the notification's read state. */
export function withNotification<T extends { id: string; read: boolean }>(
  list: { items: T[]; unread: number },
  notification: T,
): { items: T[]; unread: number } {
  const before = list.items.find((item) => item.id === notification.id);
  const wasUnread = before ? !before.read : false;
  return {
    items: upsertById(list.items, notification),
    unread: Math.max(0, list.unread + Number(!notification.read) - Number(wasUnread)),
  };
}
