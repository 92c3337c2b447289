/**
 * A choice kept in the browser and, once signed in, on the account (the display currency, the
 * language). At sign-in the account's choice wins; an account without one takes the choice made
 * in this browser, unless that is the default.
 */
import { effect } from '@preact/signals-react';
import { session } from './session.ts';

export interface AccountPreference<T> {
  /** The account's choice, null when it never made one. */
  load(): Promise<T | null>;
  save(value: T): Promise<unknown>;
  /** The choice in this browser now. */
  current(): T;
  isDefault(value: T): boolean;
  /** Shows the account's choice here (and keeps it in the browser). */
  adopt(value: T): void | Promise<void>;
}

/** Follows every sign-in with `preference`: the account's choice shown here, or this browser's kept on the account. */
export function keepOnAccount<T>(preference: AccountPreference<T>): void {
  let signedInAs: string | null = null;
  effect(() => {
    const userId = session.value?.id ?? null;
    if (userId === signedInAs) return;
    signedInAs = userId;
    if (userId === null) return;
    void (async () => {
      try {
        const chosen = await preference.load();
        if (chosen !== null) await preference.adopt(chosen);
        else if (!preference.isDefault(preference.current())) await preference.save(preference.current());
      } catch (error) {
        console.error('Could not follow a choice kept on the account', error);
      }
    })();
  });
}
