/**
 * A decider is the whole write-side behaviour of one stream: fold past events into a
 * state, then turn a command into new events or a DomainError. Pure: no I/O, no clock
 * (time and ids come in on the command).
 */
export interface Decider<Command, State, Event> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/**
 * What went wrong, in the domain's terms (api/http/errors.ts alone turns a kind into an answer):
 * - `invalid`: the input itself is wrong (a malformed value, a token or code that does not hold);
 * - `forbidden`: the actor may not do this;
 * - `not_found`: the thing is not there (or not there for this actor);
 * - `conflict`: the thing's current state does not allow it (taken, already done, out of stock);
 * - `rule_broken`: a well-formed request a business rule refuses as asked (an empty cart, too many to return).
 */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'rule_broken';

/** A rule the caller broke, with the message the spec gives for it. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: DomainErrorKind,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function fold<S, E>(decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}
