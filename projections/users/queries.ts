/** Reads of the users read model. */
import type { ReadStore } from '../../platform/readstore/port.ts';
import { type Page, type Paging, findPage } from '../../platform/readstore/paging.ts';
import type { AdminUser, UserDoc } from './documents.ts';
import { USERS } from './projection.ts';

const users = (read: ReadStore) => read.collection<UserDoc>(USERS);

/** How many accounts there are. */
export const userCount = (read: ReadStore): Promise<number> => users(read).count();

/** The full names of the users among `userIds` that exist, by id. */
export async function fullNames(read: ReadStore, userIds: string[]): Promise<Map<string, string>> {
  return new Map((await users(read).getMany(userIds)).map((user) => [user.id, user.fullName]));
}

/** A page of the users, newest first; with `q`, those whose name or e-mail address holds it (case-insensitive). */
export async function searchUsers(read: ReadStore, q: string | undefined, paging: Paging): Promise<Page<AdminUser>> {
  const needle = q?.trim().toLowerCase();
  const keep = needle
    ? (user: UserDoc) => user.fullName.toLowerCase().includes(needle) || user.emailNormalized.includes(needle)
    : undefined;
  const page = await findPage(users(read), { sort: [['registeredAt', 'desc']] }, paging, keep);
  return { items: page.items.map(({ emailNormalized: _, ...user }) => user), total: page.total };
}
