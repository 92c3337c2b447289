/**
 * A seller's payout account: the bank account their online earnings settle to, as a linked
 * account at the payment gateway. The account number goes to the gateway only; the seller's
 * payout-account stream records what the gateway answered and the last four digits.
 */
import type { Actor } from '../../domain/actor.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { payoutAccountDecider } from '../../domain/payout-account/decider.ts';
import {
  type PayoutAccount,
  type PayoutAccountEvent,
  payoutAccountStream,
} from '../../domain/payout-account/events.ts';
import type { PayoutAccountInput } from '../../domain/payout-account/schemas.ts';
import { GatewayRefusal, type PaymentGateway } from '../../platform/payments/port.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';
import { english } from '../../domain/i18n/message.ts';

/** A seller's payout account now (null until set up), and every version of it, newest first. */
export interface PayoutAccountView {
  account: Omit<PayoutAccount, 'sellerId'> | null;
  history: Array<Omit<PayoutAccount, 'sellerId'>>;
}

export interface PayoutAccountResult extends PayoutAccountView {
  position: number;
}

export interface PayoutAccountContext extends CommandContext {
  platform: { payments: Pick<PaymentGateway, 'createLinkedAccount'> };
}

const sellerNotFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Seller not found');

/** The seller's payout account and its versions, read from its stream; a 404 for no such user. */
export async function payoutAccountOf(cx: CommandContext, sellerId: string): Promise<PayoutAccountView> {
  const { state: account } = await cx.streams.load(accountStream(sellerId), accountDecider);
  if (!account) throw sellerNotFound();
  const events = await cx.streams.read<PayoutAccountEvent>(payoutAccountStream(sellerId));
  const history = events.map(({ data: { sellerId: _, ...version } }) => version).reverse();
  return { account: history[0] ?? null, history };
}

/**
 * The seller sets up (or changes) their payout account: the gateway makes (or finds, by the
 * seller's id) their linked account for this bank account, then the stream records it. A
 * refusal of the gateway (a bank account it does not take) is the seller's to fix (422); a
 * gateway out of reach is a 502 to try again (api/http/errors.ts).
 */
export async function setUpPayoutAccount(
  cx: PayoutAccountContext,
  actor: Actor,
  input: PayoutAccountInput,
): Promise<PayoutAccountResult> {
  const sellerId = actor.userId;
  const { state: account } = await cx.streams.load(accountStream(sellerId), accountDecider);
  if (!account) throw sellerNotFound();
  const linked = await cx.platform.payments
    .createLinkedAccount({
      reference: sellerId,
      email: account.email,
      businessName: account.fullName,
      contactName: input.beneficiaryName,
      bank: input,
    })
    .catch((error: unknown) => {
      if (error instanceof GatewayRefusal)
        throw new ApiError(
          422,
          'gateway_refused',
          english(/*i18n*/ 'The payment gateway refused this account: {reason}', { reason: error.description }),
        );
      throw error;
    });
  const command = {
    type: 'SetUpPayoutAccount',
    actor,
    sellerId,
    linkedAccountId: linked.id,
    ...input,
    at: cx.now(),
  } as const;
  const { position } = await cx.streams.handle(payoutAccountStream(sellerId), payoutAccountDecider, command, {
    actor: sellerId,
  });
  return { ...(await payoutAccountOf(cx, sellerId)), position };
}
