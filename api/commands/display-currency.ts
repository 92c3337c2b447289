/** The user's choice of the currency prices are shown in beside rupees (an account preference, on the account stream). */
import type { Actor } from '../../domain/actor.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import type { DisplayCurrency } from '../../domain/currency/currencies.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

/** The currency the user chose, null if they never chose one (rupees alone). */
export async function displayCurrencyOf(
  cx: CommandContext,
  userId: string,
): Promise<{ currency: DisplayCurrency | null }> {
  const { state } = await cx.streams.load(accountStream(userId), accountDecider);
  if (!state) throw new ApiError(404, 'not_found', /*i18n*/ 'Account not found');
  return { currency: state.displayCurrency };
}

/** The user chooses their currency; answers it as kept and the log position reached. */
export async function chooseDisplayCurrency(
  cx: CommandContext,
  actor: Actor,
  currency: DisplayCurrency,
): Promise<{ currency: DisplayCurrency; position: number }> {
  const command = { type: 'ChooseDisplayCurrency', actor, currency, at: cx.now() } as const;
  const { position } = await cx.streams.handle(accountStream(actor.userId), accountDecider, command, {
    actor: actor.userId,
  });
  return { currency, position };
}
