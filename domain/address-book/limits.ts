/** A buyer keeps at most this many addresses; one of them is the default. Apart from the decider, so the SPA reads it without the PIN directory. */
export const MAX_ADDRESSES = 5;
