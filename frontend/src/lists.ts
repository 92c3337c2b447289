/** `item` in place of the one with its id, or first when it is new (the dashboard lists are newest first). */
export function upsertById<T extends { id: string }>(list: readonly T[], item: T): T[] {
  const at = list.findIndex((current) => current.id === item.id);
  return at === -1 ? [item, ...list] : list.with(at, item);
}
