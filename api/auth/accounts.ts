import { randomUUID } from 'node:crypto';
import type { SelfServiceRole } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import { type Account, accountDecider } from '../../domain/account/decider.ts';
import { EMAIL_TAKEN_MESSAGE, emailDecider, emailKey, emailStream } from '../../domain/account/email.ts';
import { accountStream } from '../../domain/account/events.ts';
import type { AppContext } from '../context.ts';
import type { SessionUser } from '../http.ts';
import { sha256Hex } from './sha256.ts';

/** The reservation stream of an address, named by a hash so addresses never appear in stream names. */
export const reservationStream = (email: string): string => emailStream(sha256Hex(emailKey(email)));

export const sessionUserOf = (account: Account): SessionUser => ({
  id: account.userId,
  fullName: account.fullName,
  email: account.email,
  roles: account.roles,
});

/** The account registered with an address (any case), read on the write side. */
export async function findAccount(ctx: AppContext, email: string): Promise<Account | null> {
  const { state: reservation } = await ctx.streams.load(reservationStream(email), emailDecider);
  if (!reservation) return null;
  return (await ctx.streams.load(accountStream(reservation.userId), accountDecider)).state;
}

export interface Registration {
  fullName: string;
  email: string;
  passwordHash: string;
  role: SelfServiceRole;
  at: string;
}

/**
 * Reserves the address (appended with expected revision 'no_stream', so of two sign-ups
 * only one gets it), then registers the account under the reserved user id. If a process
 * died between the two appends, the reservation has no account: nobody ever owned it, so
 * the next sign-up with the address completes it under the reserved id.
 */
export async function registerAccount(
  ctx: AppContext,
  registration: Registration,
  actor?: string,
): Promise<{ user: SessionUser; position: number }> {
  const { fullName, email, passwordHash, role, at } = registration;
  const reservation = reservationStream(email);
  const userId = (await ctx.streams.load(reservation, emailDecider)).state?.userId ?? randomUUID();
  const metadata = { actor: actor ?? userId };
  await ctx.streams.decide(reservation, emailDecider, { type: 'ReserveEmail', userId, email }, metadata);
  try {
    const command = { type: 'RegisterAccount', userId, fullName, email, passwordHash, role, at } as const;
    const { position } = await ctx.streams.decide(accountStream(userId), accountDecider, command, metadata);
    return { user: { id: userId, fullName, email, roles: [role] }, position };
  } catch (error) {
    // The reserved account exists, or a concurrent sign-up completing the same reservation won.
    if (error instanceof DomainError && error.code === 'already_exists') throw emailTaken();
    throw error;
  }
}

const emailTaken = (): DomainError =>
  new DomainError('email_taken', EMAIL_TAKEN_MESSAGE, 409, { email: EMAIL_TAKEN_MESSAGE });

export const isEmailTaken = (error: unknown): boolean => error instanceof DomainError && error.code === 'email_taken';
