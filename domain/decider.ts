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

export type DomainErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

/** A rule the caller broke, with the message the spec gives for it. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: DomainErrorStatus = 422,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function fold<S, E>(decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}
