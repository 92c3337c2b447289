/**
 * The domain's messages in the language on screen. The schemas forms check before sending are
 * the server's (domain/), and write their messages in English; the server's catalog, loaded with
 * the rest of the catalogs (scripts/catalog-parts.ts), has them by their English text or template,
 * read back as the server does (platform/i18n/english-text.ts).
 */
import { englishTextReader } from '../../../platform/i18n/english-text.ts';
import { i18n } from './i18n.ts';

let reader: { messages: object; read: ReturnType<typeof englishTextReader> } | null = null;

/** `text`, a finished English message of the domain, in the language on screen; as it is when no catalog has it. */
export function domainText(text: string): string {
  const messages = i18n.messages;
  if (reader?.messages !== messages) reader = { messages, read: englishTextReader(Object.keys(messages)) };
  const message = reader.read(text);
  if (!message) return text;
  const values =
    message.values &&
    Object.fromEntries(Object.entries(message.values).map(([name, value]) => [name, domainText(value)]));
  return i18n._(message.id, values);
}

/** A finished English text of the domain made of one message a line (a notice's body), each line in the language on screen. */
export const domainLines = (text: string): string => text.split('\n').map(domainText).join('\n');
