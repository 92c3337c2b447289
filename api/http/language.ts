/**
 * The API answers its messages in the user's language (issue 30): the one of `Accept-Language`
 * (negotiated by its q-values) that MIBI speaks, English when none. The domain and the routes
 * write English; an error's message and its fields' are translated here, on the way out, and
 * the answer says its language (Content-Language) and that it depends on the header (Vary).
 */
import type { MiddlewareHandler } from 'hono';
import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, type Locale, pickLocale } from '../../domain/i18n/locales.ts';
import { catalogLanguage } from '../../platform/i18n/server-catalog.ts';
import type { ErrorBody } from './errors.ts';

/** The language to answer a request in, from its `Accept-Language`. */
export const localeOf = (acceptLanguage: string | undefined): Locale =>
  pickLocale(new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages());

const isErrorBody = (body: unknown): body is ErrorBody =>
  typeof (body as ErrorBody | null)?.error?.message === 'string';

function translated({ error }: ErrorBody, locale: Locale): ErrorBody {
  const { translateText } = catalogLanguage(locale);
  const fields =
    error.fields && Object.fromEntries(Object.entries(error.fields).map(([key, text]) => [key, translateText(text)]));
  return { error: { ...error, message: translateText(error.message), ...(fields && { fields }) } };
}

export function answerInLanguage(): MiddlewareHandler {
  return async (c, next) => {
    const locale = localeOf(c.req.header('accept-language'));
    await next();
    if (c.res.status < 400 || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
    if (locale !== DEFAULT_LOCALE) {
      const body: unknown = await c.res.clone().json();
      if (isErrorBody(body)) {
        // Hono carries the old answer's headers over to the new one: all but its length still hold.
        c.res.headers.delete('content-length');
        c.res = new Response(JSON.stringify(translated(body, locale)), c.res);
      }
    }
    c.res.headers.set('Content-Language', locale);
    c.res.headers.append('Vary', 'Accept-Language');
  };
}
