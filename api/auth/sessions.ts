import { randomBytes } from 'node:crypto';
import type { Config } from '../../platform/config/config.ts';
import type { Collection, Doc, ReadStore } from '../../platform/readstore/port.ts';
import { sha256Hex } from './sha256.ts';
import { logger } from '../../platform/log.ts';

const log = logger('sessions');

export interface SessionDoc extends Doc {
  userId: string;
  /** Sign-in: the absolute lifetime counts from it. */
  createdAt: string;
  /** The last use, recorded to within `renewStepMs`: the idle timeout counts from it. */
  lastUsedAt: string;
  /**
   * ISO-8601; the earlier of the idle and the absolute end as of `lastUsedAt`. The collection's
   * expiry field, so a store with a TTL index (MongoDB) removes the session by itself.
   */
  expiresAt: string;
  /** The user's rights were cut (a role revoked, a seller suspended) at this time: live streams opened before it end. */
  rightsCutAt?: string;
  /** Signed in with a second factor too (TOTP or a recovery code): an admin's session is valid only so. */
  secondFactor?: true;
}

/** How long a session lasts: `idleMs` after its last use, and `maxMs` after sign-in at most. */
export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const sessionLimits = (config: Pick<Config, 'SESSION_IDLE_HOURS' | 'SESSION_MAX_DAYS'>): SessionLimits => ({
  idleMs: config.SESSION_IDLE_HOURS * HOUR_MS,
  maxMs: config.SESSION_MAX_DAYS * DAY_MS,
});

/** The defaults of SESSION_IDLE_HOURS and SESSION_MAX_DAYS. */
export const DEFAULT_SESSION_LIMITS = sessionLimits({ SESSION_IDLE_HOURS: 72, SESSION_MAX_DAYS: 30 });

/**
 * A use is written down only when the last one written is this old, so a busy session costs a
 * write an hour rather than one a request. The idle timeout so counts from a time up to this
 * much before the real last use: a session may end that much early, never late.
 */
export const renewStepMs = ({ idleMs }: SessionLimits): number => Math.min(idleMs / 12, HOUR_MS);

/** What ended or changed, told to the listeners of this process (the live streams). */
export type SessionChange = { type: 'ended'; ids: string[] } | { type: 'rightsCut'; userId: string; at: string };

/** The stored id of a session: SHA-256 of the token, so a leaked database yields no usable cookie. */
export const sessionId = sha256Hex;

/**
 * Sessions are operational state, not domain events: they live in their own collection of
 * the read store, written directly, and are never part of a projection rebuild. The
 * collection names `expiresAt` as its expiry, so MongoDB drops sessions past it through a
 * TTL index; every store still has them checked here, since a TTL monitor runs only now
 * and then and SQLite has none.
 *
 * A session ends at the first of: sign-out (of it, or everywhere), a password change or
 * reset, `limits.idleMs` without use, `limits.maxMs` after sign-in. Using it slides the idle
 * end forward, never past the absolute one. The limits are read at every check, so changing
 * SESSION_IDLE_HOURS or SESSION_MAX_DAYS applies to the sessions already open.
 */
export class Sessions {
  private readonly docs: Collection<SessionDoc>;
  readonly #listeners = new Set<(change: SessionChange) => void>();

  constructor(
    read: ReadStore,
    private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS,
  ) {
    this.docs = read.collection<SessionDoc>({ name: 'sessions', indexes: [['userId']], expireAt: 'expiresAt' });
  }

  /** Tells `listener` of every session ended and every cut of rights in this process; answers the unsubscribe. */
  onChange(listener: (change: SessionChange) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** A new random token (32 bytes, base64url) for the cookie; only its hash is stored. */
  async create(
    userId: string,
    now = new Date(),
    options: { secondFactor?: boolean } = {},
  ): Promise<{ token: string; session: SessionDoc }> {
    const token = randomBytes(32).toString('base64url');
    const at = now.toISOString();
    const session: SessionDoc = {
      id: sessionId(token),
      userId,
      createdAt: at,
      lastUsedAt: at,
      expiresAt: this.#expiry(at, now),
    };
    if (options.secondFactor) session.secondFactor = true;
    await this.docs.put(session);
    return { token, session };
  }

  /** The live session of a token, its use recorded when due; sessions found ended are removed on sight. */
  async validate(token: string, now = new Date()): Promise<{ session: SessionDoc; renewed: boolean } | null> {
    const id = sessionId(token);
    const session = await this.docs.get(id);
    if (!session) return null;
    if (!this.#live(session, now)) {
      await this.docs.delete(id);
      this.#tell({ type: 'ended', ids: [id] });
      return null;
    }
    if (now.getTime() - Date.parse(lastUsed(session)) < renewStepMs(this.limits)) return { session, renewed: false };
    const renewed = await this.docs.patch(id, {
      lastUsedAt: now.toISOString(),
      expiresAt: this.#expiry(session.createdAt, now),
    });
    return renewed ? { session: renewed, renewed: true } : null;
  }

  /** The sessions of `ids` still live, without counting this as a use: how open live streams check theirs. */
  async live(ids: string[], now = new Date()): Promise<Map<string, SessionDoc>> {
    const found = ids.length === 0 ? [] : await this.docs.getMany(ids);
    return new Map(found.filter((session) => this.#live(session, now)).map((session) => [session.id, session]));
  }

  async end(id: string): Promise<void> {
    await this.docs.delete(id);
    this.#tell({ type: 'ended', ids: [id] });
  }

  /** Signs a user out everywhere (sign-out-everywhere, password change and reset). */
  async endAll(userId: string): Promise<number> {
    const sessions = await this.docs.find({ where: { userId } });
    for (const session of sessions) await this.docs.delete(session.id);
    this.#tell({ type: 'ended', ids: sessions.map((session) => session.id) });
    return sessions.length;
  }

  /**
   * The user lost rights (a role revoked, a seller suspended). Their sessions go on, since
   * every request reads the user's roles afresh; their live streams opened before now end, so
   * that they reconnect with what the user may still see.
   */
  async cutRights(userId: string, now = new Date()): Promise<void> {
    const at = now.toISOString();
    for (const session of await this.docs.find({ where: { userId } }))
      await this.docs.patch(session.id, { rightsCutAt: at });
    this.#tell({ type: 'rightsCut', userId, at });
  }

  #live(session: SessionDoc, now: Date): boolean {
    const end = Math.min(
      Date.parse(session.expiresAt),
      Date.parse(lastUsed(session)) + this.limits.idleMs,
      Date.parse(session.createdAt) + this.limits.maxMs,
    );
    return now.getTime() < end;
  }

  /** The end of a session used at `now`: the idle end, but never past the absolute one. */
  #expiry(createdAt: string, now: Date): string {
    return new Date(
      Math.min(now.getTime() + this.limits.idleMs, Date.parse(createdAt) + this.limits.maxMs),
    ).toISOString();
  }

  #tell(change: SessionChange): void {
    if (change.type === 'ended' && change.ids.length === 0) return;
    for (const listener of this.#listeners) {
      // A listener's failure must not fail the sign-out that told it.
      try {
        listener(change);
      } catch (error) {
        log.error({ err: error }, 'a listener failed');
      }
    }
  }
}

/** Sessions stored before `lastUsedAt` existed count as unused since sign-in. */
const lastUsed = (session: SessionDoc): string => session.lastUsedAt ?? session.createdAt;
