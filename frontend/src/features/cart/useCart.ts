import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, call, server } from '../../api/client.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { useLiveEvent } from '../../state/live.ts';
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
 * It is kept live: when a product in it changes (its stock, price, or whether it is for
 * sale), the cart is read again, so a line the stock no longer covers is flagged at once
 * (the server says which, `shortage`); `refresh` reads it again on demand. `live: false`
 * stops that (checkout, once an order is being placed, keeps the cart it is placing).
 */
export function useCart({ live = true }: { live?: boolean } = {}) {
  useSignals();
  const userId = sessionKnown.value ? (session.value?.id ?? null) : undefined;
  const [loaded, setLoaded] = useState<{ userId: string; state: CartState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Each answer taken counts: a read that started before a later answer was taken is dropped.
  const taken = useRef(0);

  const take = useCallback((forUser: string, cart: Cart) => {
    taken.current += 1;
    cartCount.value = cart.count;
    setLoaded({ userId: forUser, state: { status: 'ready', cart } });
  }, []);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    call(server.cart.$get()).then(
      (cart) => {
        if (current) take(userId, cart);
      },
      (error: ApiError) => {
        console.error('Could not load the cart', error);
        if (current) setLoaded({ userId, state: { status: 'failed', error } });
      },
    );
    return () => {
      current = false;
    };
  }, [userId, attempt, take]);

  /** Reads the cart again, keeping the one shown until the answer comes; gives the cart read (null if it could not be). */
  const refresh = useCallback(async (): Promise<Cart | null> => {
    if (!userId) return null;
    const before = taken.current;
    try {
      const cart = await call(server.cart.$get());
      if (taken.current === before && session.value?.id === userId) take(userId, cart);
      return cart;
    } catch (error) {
      console.error('Could not load the cart', error); // the cart shown stays; the spec only logs cart fetch errors
      return null;
    }
  }, [userId, take]);

  const update = useCallback((cart: Cart) => {
    taken.current += 1;
    setLoaded((previous) => previous && { ...previous, state: { status: 'ready', cart } });
  }, []);
  const retry = useCallback(() => {
    setLoaded(null);
    setAttempt((count) => count + 1);
  }, []);

  let state: CartState = { status: 'loading' };
  if (userId === null) state = { status: 'signedOut' };
  else if (loaded && loaded.userId === userId) state = loaded.state;

  const inCart = (productId: string) =>
    state.status === 'ready' && state.cart.lines.some((line) => line.productId === productId);
  const onProduct = ({ id }: { id: string }) => {
    if (live && inCart(id)) void refresh();
  };
  useLiveEvent('product.changed', onProduct);
  useLiveEvent('product.removed', onProduct);
  useLiveEvent('product.added', onProduct);
  useLiveEvent('reset', () => {
    if (live) void refresh();
  });

  return { state, update, retry, refresh };
}
