/**
 * Reads a finished English text back as the message it was made from: the text itself when it
 * is a message, or the template ('{label} must be at most {max} characters') it was filled from
 * and the values it was filled with. This is what lets the domain speak English alone while the
 * API answers in the user's language.
 */
export interface ReadMessage {
  id: string;
  values?: Record<string, string>;
}

const PLACEHOLDER = /\{(\w+)\}/g;

interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
  /** How much of the template is its own words: the more, the surer a match. */
  literal: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(id: string): Template {
  const names = [...id.matchAll(PLACEHOLDER)].map(([, name]) => name!);
  const literals = id.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
  const pattern = new RegExp(`^${literals.map(escape).join('(.+?)')}$`, 's');
  return { id, pattern, names, literal: literals.join('').length };
}

/** A reader of the texts made from `ids` (a catalog's message ids). */
export function englishTextReader(ids: Iterable<string>): (text: string) => ReadMessage | undefined {
  const plain = new Set<string>();
  const templates: Template[] = [];
  for (const id of ids) {
    if (id.match(PLACEHOLDER)) templates.push(templateOf(id));
    else plain.add(id);
  }
  templates.sort((a, b) => b.literal - a.literal);
  return (text) => {
    if (plain.has(text)) return { id: text };
    for (const { id, pattern, names } of templates) {
      const match = pattern.exec(text);
      if (match) return { id, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
    }
    return undefined;
  };
}
