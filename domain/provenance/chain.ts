/**
 * The hash chain of a provenance record: each event stores the hash of the one before and its
 * own, computed over the RFC 8785 canonical form, so an edit of any event in the store shows.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import canonicalize from 'canonicalize';
import type { ChainLink } from './events.ts';

/** sha256 hex of canonicalize({ stream, type, previousHash, data: data without `chain` }). */
export function linkHash(stream: string, type: string, data: object, previousHash: string | null): string {
  const { chain: _, ...rest } = data as { chain?: unknown };
  const canonical = canonicalize({ stream, type, previousHash, data: rest });
  if (canonical === undefined) throw new TypeError(`${type} of ${stream} has no canonical form`);
  return bytesToHex(sha256(utf8ToBytes(canonical)));
}

/** The data with its link, given the stream's last hash (null for the first event). */
export function chained<T extends object>(
  stream: string,
  type: string,
  data: T,
  previousHash: string | null,
): T & { chain: ChainLink } {
  return { ...data, chain: { previousHash, hash: linkHash(stream, type, data, previousHash) } };
}

export type ChainCheck =
  | { intact: true; events: number }
  | { intact: false; events: number; stream: string; revision: number; reason: string };

const linkOf = (data: unknown): ChainLink | null => {
  const chain = (data as { chain?: unknown } | null)?.chain as Partial<ChainLink> | undefined;
  if (typeof chain !== 'object' || chain === null || typeof chain.hash !== 'string') return null;
  if (chain.previousHash !== null && typeof chain.previousHash !== 'string') return null;
  return { previousHash: chain.previousHash, hash: chain.hash };
};

/** Checks one stream's events in order: each stored hash recomputed, each previousHash the one before's hash. */
export function checkChain(
  stream: string,
  events: ReadonlyArray<{ type: string; revision: number; data: unknown }>,
): ChainCheck {
  let previous: string | null = null;
  for (const { type, revision, data } of events) {
    const broken = (reason: string): ChainCheck => ({ intact: false, events: events.length, stream, revision, reason });
    const link = linkOf(data);
    if (!link) return broken(`${type} carries no chain link`);
    if (link.previousHash !== previous)
      return broken(
        previous === null
          ? `${type} names a previous hash but is the stream's first event`
          : `${type} does not follow the event before (previous hash ${short(link.previousHash)}, expected ${short(previous)})`,
      );
    if (linkHash(stream, type, data as object, link.previousHash) !== link.hash)
      return broken(`${type}'s data was changed after it was written (its hash does not match)`);
    previous = link.hash;
  }
  return { intact: true, events: events.length };
}

const short = (hash: string | null): string => (hash === null ? 'none' : hash.slice(0, 12));

/** A chained stream's event of type `type`, its data linked after `previousHash`. */
export function chainedEvent<E extends { type: string; data: { chain: ChainLink } }, T extends E['type']>(
  stream: string,
  previousHash: string | null,
  type: T,
  data: Omit<Extract<E, { type: T }>['data'], 'chain'>,
): E {
  return { type, data: chained(stream, type, data, previousHash) } as unknown as E;
}
