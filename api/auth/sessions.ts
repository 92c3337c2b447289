import { randomBytes } from 'node:crypto';
import type { Collection, Doc, ReadStore } from '../../platform/readstore/port.ts';
import { sha256Hex } from './sha256.ts';

export interface SessionDoc extends Doc {
  userId: string;
  createdAt: string;
  /** ISO-8601; the collection's expiry field, so a store with a TTL index (MongoDB) removes the session by itself. */
  expiresAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
/** Sliding expiry: a session used in its second half is pushed back to a full term. */
const RENEW_WITHIN_MS = SESSION_TTL_MS / 2;

/** The stored id of a session: SHA-256 of the token, so a leaked database yields no usable cookie. */
export const sessionId = sha256Hex;

/**
 * Sessions are operational state, not domain events: they live in their own collection of
 * the read store, written directly, and are never part of a projection rebuild. The
 * collection names `expiresAt` as its expiry, so MongoDB drops sessions past it through a
 * TTL index; every store still has them checked here, since a TTL monitor runs only now
 * and then and SQLite has none.
 */
export class Sessions {
  private readonly docs: Collection<SessionDoc>;

  constructor(read: ReadStore) {
    this.docs = read.collection<SessionDoc>({ name: 'sessions', indexes: [['userId']], expireAt: 'expiresAt' });
  }

  /** A new random token (32 bytes, base64url) for the cookie; only its hash is stored. */
  async create(userId: string, now = new Date()): Promise<{ token: string; session: SessionDoc }> {
    const token = randomBytes(32).toString('base64url');
    const session: SessionDoc = {
      id: sessionId(token),
      userId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    };
    await this.docs.put(session);
    return { token, session };
  }

  /** The live session of a token, renewed when due; expired sessions are removed on sight. */
  async validate(token: string, now = new Date()): Promise<{ session: SessionDoc; renewed: boolean } | null> {
    const id = sessionId(token);
    const session = await this.docs.get(id);
    if (!session) return null;
    const left = Date.parse(session.expiresAt) - now.getTime();
    if (left <= 0) {
      await this.docs.delete(id);
      return null;
    }
    if (left > RENEW_WITHIN_MS) return { session, renewed: false };
    const renewed = (await this.docs.patch(id, { expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString() }))!;
    return { session: renewed, renewed: true };
  }

  async end(id: string): Promise<void> {
    await this.docs.delete(id);
  }

  /** Signs a user out everywhere (sign-out-everywhere, password change and reset). */
  async endAll(userId: string): Promise<number> {
    const sessions = await this.docs.find({ where: { userId } });
    for (const session of sessions) await this.docs.delete(session.id);
    return sessions.length;
  }
}
