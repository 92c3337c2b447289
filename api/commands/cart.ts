/** The cart's commands. Each answers with the cart as it is right after, read from the write side. */
import type { Actor } from '../../domain/actor.ts';
import { type CartCommand, cartDecider } from '../../domain/cart/decider.ts';
import { cartStream } from '../../domain/cart/events.ts';
import { type LineShortage, shortageOf } from '../../domain/cart/shortage.ts';
import { subtotal } from '../../domain/order/pricing.ts';
import { shipByOf } from '../../domain/order/ship-by.ts';
import type { CommandContext } from './context.ts';
import { isForSale, loadCart, loadProduct, purchaseFacts } from './product-facts.ts';

export interface CartView {
  lines: Array<{
    productId: string;
    quantity: number;
    product: {
      id: string;
      name: string;
      pricePaise: number;
      imageUrl: string | null;
      stockQuantity: number;
      available: boolean;
      madeToOrderDays: number | null;
    };
    shortage: LineShortage | null;
  }>;
  count: number;
  subtotalPaise: number;
  /** The day the last of its seller orders would ship by if it were ordered now (ship-by.ts); null when empty. */
  dispatchBy: string | null;
}

/** The cart from the write side, so it is current the moment a command returns. */
export async function cartView(cx: CommandContext, userId: string): Promise<CartView> {
  const { lines } = await loadCart(cx, userId);
  const shown = lines.map(({ productId, quantity, product }) => {
    const available = isForSale(product);
    return {
      productId,
      quantity,
      product: {
        id: productId,
        name: product.details.name,
        pricePaise: product.details.pricePaise,
        imageUrl: product.details.imageUrl,
        stockQuantity: product.stockQuantity,
        available,
        madeToOrderDays: product.details.madeToOrderDays,
      },
      shortage: shortageOf(quantity, { available, stockQuantity: product.stockQuantity }),
    };
  });
  return {
    lines: shown,
    count: lines.reduce((units, line) => units + line.quantity, 0),
    subtotalPaise: subtotal(shown.map((line) => ({ pricePaise: line.product.pricePaise, quantity: line.quantity }))),
    dispatchBy:
      shown.length === 0
        ? null
        : shipByOf(
            cx.now(),
            shown.map((line) => line.product.madeToOrderDays),
          ),
  };
}

/** Runs a command on the actor's cart and answers with the cart after it. */
async function changeCart(cx: CommandContext, actor: Actor, command: CartCommand) {
  const { position } = await cx.streams.handle(cartStream(actor.userId), cartDecider, command, { actor: actor.userId });
  return { cart: await cartView(cx, actor.userId), position };
}

export async function addToCart(
  cx: CommandContext,
  actor: Actor,
  { productId, quantity }: { productId: string; quantity: number },
) {
  const product = purchaseFacts(await loadProduct(cx, productId));
  return changeCart(cx, actor, { type: 'AddToCart', actor, productId, product, quantity });
}

export async function setCartQuantity(cx: CommandContext, actor: Actor, productId: string, quantity: number) {
  const product = purchaseFacts(await loadProduct(cx, productId));
  return changeCart(cx, actor, { type: 'SetCartQuantity', actor, productId, product, quantity });
}

export const removeFromCart = (cx: CommandContext, actor: Actor, productId: string) =>
  changeCart(cx, actor, { type: 'RemoveFromCart', actor, productId });

export const clearCart = (cx: CommandContext, actor: Actor) =>
  changeCart(cx, actor, { type: 'ClearCart', actor, orderId: null });
