/**
 * Messages are written in English, marked for the server catalog where they are defined (a
 * leading `/*i18n*\/` comment; `npx lingui extract` collects them). A message with values is an
 * ICU template ('{label} must be at most {max} characters'): its id in the catalog, and the
 * English text once its `{name}` placeholders are filled in. The domain only ever speaks
 * English; the API and the mails translate at the edge (platform/i18n/server-catalog.ts).
 */

export type MessageValues = Readonly<Record<string, string | number>>;

/** A message in one language: the English template, which is its id, and its values. */
export type Translate = (message: string, values?: MessageValues) => string;

/** The English text of a template: its `{name}` placeholders filled in. */
export const english: Translate = (message, values = {}) =>
  message.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
