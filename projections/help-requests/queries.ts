/** Reads of the help requests read model. */
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { HelpRequestDoc, HelpRequestList } from './documents.ts';
import { HELP_REQUESTS } from './projection.ts';

const helpRequests = (read: ReadStore) => read.collection<HelpRequestDoc>(HELP_REQUESTS);

export const helpRequest = (read: ReadStore, helpId: string): Promise<HelpRequestDoc | null> =>
  helpRequests(read).get(helpId);

/** A user's help requests, as buyer and as seller, newest first. */
export async function helpRequestsOf(read: ReadStore, userId: string): Promise<HelpRequestList> {
  const [asBuyer, asSeller] = await Promise.all([
    helpRequests(read).find({ where: { buyerId: userId } }),
    helpRequests(read).find({ where: { sellerId: userId } }),
  ]);
  const items = [...asBuyer, ...asSeller].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { items };
}

/** The disputes MIBI has to decide, the longest waiting first. */
export async function openDisputes(read: ReadStore): Promise<HelpRequestList> {
  const items = await helpRequests(read).find({ where: { status: 'escalated' }, sort: [['escalatedAt', 'asc']] });
  return { items };
}
