import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { type ApiError, call, server } from '../../api/client.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { cartCount } from './cartCount.ts';
import type { Cart } from './types.ts';

export type CartState =
  | { status: 'loading' }
  /** The spec: the cart is empty without a user. */
  | { status: 'signedOut' }
  | { status: 'failed'; error: ApiError }
  | { status: 'ready'; cart: Cart };

/**
 * The signed-in user's cart (GET /cart), loaded again when the user changes; the header
 * badge follows it. `update` takes the cart a command (cartCommands.ts) answered with.
 */
export function useCart() {
  useSignals();
  const userId = sessionKnown.value ? (session.value?.id ?? null) : undefined;
  const [loaded, setLoaded] = useState<{ userId: string; state: CartState } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    call(server.cart.$get()).then(
      (cart) => {
        if (!current) return;
        cartCount.value = cart.count;
        setLoaded({ userId, state: { status: 'ready', cart } });
      },
      (error: ApiError) => {
        console.error('Could not load the cart', error);
        if (current) setLoaded({ userId, state: { status: 'failed', error } });
      },
    );
    return () => {
      current = false;
    };
  }, [userId, attempt]);

  const update = useCallback((cart: Cart) => {
    setLoaded((previous) => previous && { ...previous, state: { status: 'ready', cart } });
  }, []);
  const retry = useCallback(() => {
    setLoaded(null);
    setAttempt((count) => count + 1);
  }, []);

  let state: CartState = { status: 'loading' };
  if (userId === null) state = { status: 'signedOut' };
  else if (loaded && loaded.userId === userId) state = loaded.state;
  return { state, update, retry };
}
