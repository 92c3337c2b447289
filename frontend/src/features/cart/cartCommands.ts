/** The cart changes a buyer makes from the product and cart screens: each updates the header badge or shows the spec's error toast. */
import { t } from '@lingui/core/macro';
import { NOTICES } from '../../../../domain/notices.ts';
import type { GivenAnswer } from '../../../../domain/product/personalisation.ts';
import { type ApiError, call, server } from '../../api/client.ts';
import { session } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { cartCount } from './cartCount.ts';
import type { Cart } from './types.ts';

/** Sends a cart command; the cart after it, or null when it failed (after an 'Error' toast naming `failure` and the server's reason). */
async function changeCart(send: () => Promise<{ cart: Cart }>, failure: string): Promise<Cart | null> {
  try {
    const { cart } = await send();
    cartCount.value = cart.count;
    return cart;
  } catch (error) {
    toast({ title: t`Error`, description: `${failure}: ${(error as ApiError).message}`, tone: 'error' });
    return null;
  }
}

/**
 * Adds `quantity` units of the variant named (none: a product sold as one thing) on top of any
 * already in the cart, with the answers to the product's questions (other answers make another
 * line). Signed out: the 'Login Required' toast.
 */
export async function addToCart(
  productId: string,
  quantity: number,
  variantId?: string,
  personalisation: GivenAnswer[] = [],
): Promise<Cart | null> {
  if (!session.value) {
    toast({ ...NOTICES.loginToAddToCart, tone: 'error' });
    return null;
  }
  const cart = await changeCart(
    () => call(server.cart.items.$post({ json: { productId, quantity, variantId, personalisation } })),
    t`Failed to add item to cart`,
  );
  if (cart) toast({ title: t`Added to Cart`, description: t`Item successfully added to your cart` });
  return cart;
}

/** `lineKey`: the cart line's key (the product id for a product sold as one thing). */
export const setCartQuantity = (lineKey: string, quantity: number): Promise<Cart | null> =>
  changeCart(
    () =>
      call(
        server.cart.items[':lineKey'].$put({
          param: { lineKey: encodeURIComponent(lineKey) },
          json: { quantity },
        }),
      ),
    t`Failed to update quantity`,
  );

export const removeFromCart = (lineKey: string): Promise<Cart | null> =>
  changeCart(
    () => call(server.cart.items[':lineKey'].$delete({ param: { lineKey: encodeURIComponent(lineKey) } })),
    t`Failed to remove item from cart`,
  );
