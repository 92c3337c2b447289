import { randomBytes } from 'node:crypto';
import type { Collection, Doc, ReadStore } from '../../platform/readstore/port.ts';
import { sha256Hex } from './sha256.ts';
import { later } from '../../domain/time.ts';

/**
 * The half-done sign-ins of accounts with a second factor, and the last TOTP step each account
 * used. Operational state like the sessions: kept in the read store, written directly, never
 * part of a projection rebuild.
 */

/** How long the second step may take after the password. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before it ends (the sign-in throttle counts them too). */
export const CHALLENGE_ATTEMPTS = 5;

/** `code`: the account has a second factor, sign-in ends with its code; `enrol`: an admin without one sets it up first. */
export type ChallengeStep = 'code' | 'enrol';

export interface ChallengeDoc extends Doc {
  userId: string;
  step: ChallengeStep;
  failures: number;
  expiresAt: string;
}

interface UsedStepDoc extends Doc {
  step: number;
  expiresAt: string;
}

/**
 * Wrong codes per account, whatever the challenge: a correct password opens a new challenge
 * at will, so the challenges' own limit alone would let a holder of the password guess codes
 * without end. Only someone who has the password can run this count up.
 */
export const CODE_FAILURES = { attempts: 10, windowMs: 15 * 60 * 1000 };

interface FailuresDoc extends Doc {
  count: number;
  /** The window opens with its first failure and ends here; the document may vanish after. */
  expiresAt: string;
}

export class SignInChallenges {
  private readonly challenges: Collection<ChallengeDoc>;
  private readonly usedSteps: Collection<UsedStepDoc>;
  private readonly failures: Collection<FailuresDoc>;

  constructor(read: ReadStore) {
    this.challenges = read.collection<ChallengeDoc>({ name: 'sign_in_challenges', expireAt: 'expiresAt' });
    this.usedSteps = read.collection<UsedStepDoc>({ name: 'totp_used_steps', expireAt: 'expiresAt' });
    this.failures = read.collection<FailuresDoc>({ name: 'second_factor_failures', expireAt: 'expiresAt' });
  }

  /** A challenge for the password just checked: its token goes to the browser, its hash is stored. */
  async open(userId: string, step: ChallengeStep, now: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = later(now, CHALLENGE_TTL_MS);
    await this.challenges.put({ id: sha256Hex(token), userId, step, failures: 0, expiresAt });
    return token;
  }

  /** The live challenge of a token at `step`, or null (unknown, ended, expired, or of the other step). */
  async find(token: string, step: ChallengeStep, now: string): Promise<ChallengeDoc | null> {
    const challenge = await this.challenges.get(sha256Hex(token));
    if (!challenge || challenge.step !== step) return null;
    if (Date.parse(challenge.expiresAt) <= Date.parse(now)) {
      await this.challenges.delete(challenge.id);
      return null;
    }
    return challenge;
  }

  /** Counts a wrong code; the challenge ends at its last allowed one. */
  async failed(challenge: ChallengeDoc): Promise<void> {
    const failures = challenge.failures + 1;
    if (failures >= CHALLENGE_ATTEMPTS) await this.challenges.delete(challenge.id);
    else await this.challenges.patch(challenge.id, { failures });
  }

  async close(challenge: ChallengeDoc): Promise<void> {
    await this.challenges.delete(challenge.id);
  }

  /** The last TOTP step the account signed in with (-1: none kept): a code of it or before never counts again. */
  async lastUsedStep(userId: string): Promise<number> {
    return (await this.usedSteps.get(userId))?.step ?? -1;
  }

  /** Kept a little past the drift window, after which the clock alone rules the step out. */
  async used(userId: string, step: number, now: string): Promise<void> {
    await this.usedSteps.put({ id: userId, step, expiresAt: later(now, 5 * 60 * 1000) });
  }

  /** Milliseconds until the account's codes may be tried again: 0 while under CODE_FAILURES. */
  async waitMs(userId: string, now: string): Promise<number> {
    const doc = await this.failures.get(userId);
    const left = doc ? Date.parse(doc.expiresAt) - Date.parse(now) : 0;
    return doc && left > 0 && doc.count >= CODE_FAILURES.attempts ? left : 0;
  }

  /** Counts a wrong code of the account (in a challenge, or when replacing recovery codes). */
  async codeFailed(userId: string, now: string): Promise<void> {
    const doc = await this.failures.get(userId);
    if (doc && Date.parse(doc.expiresAt) > Date.parse(now)) await this.failures.patch(userId, { count: doc.count + 1 });
    else
      await this.failures.put({
        id: userId,
        count: 1,
        expiresAt: later(now, CODE_FAILURES.windowMs),
      });
  }

  /** A right code: the account's count starts afresh. */
  async codePassed(userId: string): Promise<void> {
    await this.failures.delete(userId);
  }

  /** Test harness only: lets its admin sign in twice within one 30-second step. */
  async forgetUsedSteps(userId: string): Promise<void> {
    await this.usedSteps.delete(userId);
  }
}

const byStore = new WeakMap<ReadStore, SignInChallenges>();

/** The challenges kept in a read store (one wrapper per store). */
export function signInChallenges(read: ReadStore): SignInChallenges {
  let challenges = byStore.get(read);
  if (!challenges) byStore.set(read, (challenges = new SignInChallenges(read)));
  return challenges;
}
