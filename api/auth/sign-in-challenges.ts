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
 * without end. Only someone who has the password can run this count up. A burst of `attempts`
 * wrong codes makes the account's codes wait `firstWaitMs`, each further burst twice as long
 * as the one before (up to `longestWaitMs`), as password waits grow; the bursts are remembered
 * until `memoryMs` after the last wrong code, and a right code forgets them.
 */
export const CODE_FAILURES = {
  attempts: 10,
  firstWaitMs: 15 * 60 * 1000,
  longestWaitMs: 24 * 60 * 60 * 1000,
  memoryMs: 24 * 60 * 60 * 1000,
};

interface FailuresDoc extends Doc {
  /** Wrong codes since the last burst. */
  count: number;
  /** Bursts of CODE_FAILURES.attempts wrong codes so far. */
  bursts: number;
  /** Codes wait until then after the last burst. */
  waitUntil: string | null;
  /** `memoryMs` after the last wrong code (or the wait's end): the document may vanish after. */
  expiresAt: string;
}

/** A wrong code that ended a burst: the account's codes now wait, and its owner is told. */
export interface CodeFailureBurst {
  /** Which burst of the account's (1 for the first since a right code). */
  burst: number;
  /** How long codes now wait. */
  waitMs: number;
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

  /** Milliseconds until the account's codes may be tried again: 0 unless a burst of wrong codes made them wait. */
  async waitMs(userId: string, now: string): Promise<number> {
    const waitUntil = (await this.failures.get(userId))?.waitUntil;
    return waitUntil ? Math.max(0, Date.parse(waitUntil) - Date.parse(now)) : 0;
  }

  /**
   * Counts a wrong code of the account (in a challenge, or when replacing recovery codes);
   * answers the burst it ended, if it did.
   */
  async codeFailed(userId: string, now: string): Promise<CodeFailureBurst | null> {
    const found = await this.failures.get(userId);
    const doc = found && Date.parse(found.expiresAt) > Date.parse(now) ? found : null;
    const count = (doc?.count ?? 0) + 1;
    const bursts = doc?.bursts ?? 0;
    if (count < CODE_FAILURES.attempts) {
      const expiresAt = later(doc?.waitUntil ?? now, CODE_FAILURES.memoryMs);
      await this.failures.put({ id: userId, count, bursts, waitUntil: doc?.waitUntil ?? null, expiresAt });
      return null;
    }
    const burst = bursts + 1;
    const waitMs = Math.min(CODE_FAILURES.firstWaitMs * 2 ** (burst - 1), CODE_FAILURES.longestWaitMs);
    const waitUntil = later(now, waitMs);
    await this.failures.put({
      id: userId,
      count: 0,
      bursts: burst,
      waitUntil,
      expiresAt: later(waitUntil, CODE_FAILURES.memoryMs),
    });
    return { burst, waitMs };
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
