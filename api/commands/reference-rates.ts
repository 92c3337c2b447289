/** An admin records a reference rate on the write side (the `reference-rates` stream). */
import type { Actor } from '../../domain/actor.ts';
import {
  REFERENCE_RATES_STREAM,
  referenceRatesDecider,
  type SetReferenceRate,
} from '../../domain/currency/reference-rates.ts';
import type { CommandContext } from './context.ts';

/** An admin records a rate (the session's admin and the clock are added here); answers the log position reached. */
export async function setReferenceRate(
  cx: CommandContext,
  actor: Actor,
  change: Omit<SetReferenceRate, 'type' | 'actor' | 'at'>,
): Promise<{ position: number }> {
  const command: SetReferenceRate = { type: 'SetReferenceRate', ...change, actor, at: cx.now() };
  const { position } = await cx.streams.handle(REFERENCE_RATES_STREAM, referenceRatesDecider, command, {
    actor: actor.userId,
  });
  return { position };
}
