/** The user's choice of language for the app and their mails (an account preference, on the account stream). */
import type { Actor } from '../../domain/actor.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

/** The language the user chose, null if they never chose one. */
export async function languageOf(cx: CommandContext, userId: string): Promise<{ locale: Locale | null }> {
  const { state } = await cx.streams.load(accountStream(userId), accountDecider);
  if (!state) throw new ApiError(404, 'not_found', /*i18n*/ 'Account not found');
  return { locale: state.language };
}

/** The user chooses their language; answers it as kept and the log position reached. */
export async function chooseLanguage(
  cx: CommandContext,
  actor: Actor,
  locale: Locale,
): Promise<{ locale: Locale; position: number }> {
  const command = { type: 'ChooseLanguage', actor, locale, at: cx.now() } as const;
  const { position } = await cx.streams.handle(accountStream(actor.userId), accountDecider, command, {
    actor: actor.userId,
  });
  return { locale, position };
}
