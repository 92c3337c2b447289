import { effect, signal } from '@preact/signals-react';
import { call, server } from '../../api/client.ts';
import { session } from '../../state/session.ts';

/** Units in the signed-in user's cart (the header badge); 0 when signed out. Set it from any cart answer. */
export const cartCount = signal(0);

export async function refreshCartCount(): Promise<void> {
  const userId = session.value?.id;
  if (!userId) return;
  try {
    const { count } = await call(server.cart.$get());
    // The user may have signed out or changed while the request was in flight.
    if (session.value?.id === userId) cartCount.value = count;
  } catch (error) {
    console.error('Could not load the cart', error); // the spec only logs cart fetch errors
  }
}

// The cart belongs to the user: reload it whenever the user changes.
effect(() => {
  if (session.value) void refreshCartCount();
  else cartCount.value = 0;
});
