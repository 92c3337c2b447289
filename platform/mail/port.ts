import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';

/** Mail port: password-reset links and order notices. Every adapter passes `contract.ts`. */

export interface MailMessage {
  /** One recipient address, without a display name. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The message's stable identity, for effects that may be retried: sent again with the same
   * key it is the same message. It becomes the Message-ID (mail clients and many servers keep
   * one copy of a Message-ID), and the folder mailbox keeps a single copy.
   */
  key?: string;
}

export interface SentMail extends MailMessage {
  id: string;
  from: string;
  /** ISO-8601 UTC. */
  sentAt: string;
}

export interface Mailer {
  readonly kind: string;
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/** What a development mailer offers so a developer can read what was sent. */
export interface Mailbox {
  /** Newest first; `to` matches the recipient regardless of case. */
  list(options?: { to?: string; limit?: number }): Promise<SentMail[]>;
}

export class InvalidMailError extends Error {
  override readonly name = 'InvalidMailError';
}

const address = z.email();
const LINE_BREAK = /[\r\n]/;
/** `Name <address>` or a bare address. */
const SENDER = /^(?:[^<>]*<([^<>]*)>|([^<>]*))$/;

function assertSingleLine(field: string, value: string): void {
  if (LINE_BREAK.test(value))
    throw new InvalidMailError(`Header injection: the ${field} must not contain a line break`);
}

/**
 * Checks a message before any adapter hands it on and returns only its known fields:
 * a line break in a header would let the caller add headers (Bcc: ...) of their own.
 */
export function checkedMessage(message: MailMessage): MailMessage {
  const { to, subject, text, html, key } = message;
  assertSingleLine('recipient', to);
  assertSingleLine('subject', subject);
  if (!address.safeParse(to).success) throw new InvalidMailError(`Not an e-mail address: ${JSON.stringify(to)}`);
  return { to, subject, text, ...(html !== undefined && { html }), ...(key !== undefined && { key }) };
}

/** Checks the configured sender, once, when an adapter is built. */
export function assertSender(from: string): void {
  assertSingleLine('sender', from);
  const match = SENDER.exec(from.trim());
  if (!address.safeParse(match?.[1] ?? match?.[2]).success) {
    throw new InvalidMailError(
      `Not a sender address (expected "address" or "Name <address>"): ${JSON.stringify(from)}`,
    );
  }
}

/** The id a keyed message always gets (a hex digest, safe in file names and Message-IDs); a fresh one otherwise. */
export function messageIdOf(message: MailMessage): string {
  return message.key === undefined ? randomUUID() : createHash('sha256').update(message.key).digest('hex').slice(0, 32);
}
