import type { Config } from './config.ts';

/** What a link in a mail is built from. */
export type LinkConfig = Pick<Config, 'PUBLIC_URL' | 'PORT'>;

/**
 * Where the site is, for links in e-mails: PUBLIC_URL (which may carry a path prefix), never
 * the Host or Origin of a request, which whoever sends the request chooses. Without it the
 * links point at this machine (`http://localhost:PORT`): right for development on loopback,
 * and for a server that keeps its mail in the development mailbox. A server that mails out
 * (SMTP_URL) on a public HOST refuses to start without PUBLIC_URL (platform/config/deployment.ts).
 */
export function publicBaseUrl(config: LinkConfig): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://localhost:${config.PORT}`;
}

/**
 * The name of the query parameter that carries a link's secret (a reset or verification
 * token). Every mailed secret goes in it, so the development mailbox can hide them all.
 */
export const SECRET_PARAM = 'token';

/** A link to a page of the SPA, e.g. `linkTo(config, '/reset-password', { token })`. */
export function linkTo(config: LinkConfig, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${publicBaseUrl(config)}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

/** After `?` or `&`, or `&amp;` in HTML. */
const SECRET_IN_LINK = new RegExp(`([?&;]${SECRET_PARAM}=)[^&\\s"'<>]+`, 'g');

/** The text with the secret of every link replaced, for showing mail to someone other than its addressee. */
export const redactLinkSecrets = (text: string): string => text.replace(SECRET_IN_LINK, '$1[hidden]');
