/** The cart's commands. Each answers with the cart as it is right after, read from the write side. */
import type { Actor } from '../../domain/actor.ts';
import { type CartCommand, type LineItem, NOT_IN_CART, cartDecider } from '../../domain/cart/decider.ts';
import { cartStream } from '../../domain/cart/events.ts';
import { type LineShortage, shortageOf } from '../../domain/cart/shortage.ts';
import { subtotal } from '../../domain/order/pricing.ts';
import { shipByOf } from '../../domain/order/ship-by.ts';
import { madeToOrderDaysOf } from '../../domain/product/made-to-order.ts';
import { type Answer, type GivenAnswer, answersTo } from '../../domain/product/personalisation.ts';
import { type TranslatedNames, translatedNames } from '../../domain/product/translation.ts';
import { DEFAULT_VARIANT_ID, VARIANT_MESSAGES, findVariant, hasOptions } from '../../domain/product/variants.ts';
import { ApiError } from '../http/errors.ts';
import { productIdOfKey } from '../../domain/order/line-key.ts';
import type { CommandContext } from './context.ts';
import { loadCart, loadProduct, purchaseFacts, variantOnLine } from './product-facts.ts';

export interface CartView {
  lines: Array<{
    /** The line's key (lineKey): what the line's routes take; the product id for a product sold as one thing. */
    lineKey: string;
    productId: string;
    variantId: string;
    /** "Size 8 · Tan"; '' for a product sold as one thing. */
    variantLabel: string;
    sku: string;
    personalisation: Answer[];
    quantity: number;
    /** The variant bought: its price, picture and stock. */
    product: {
      id: string;
      name: string;
      names: TranslatedNames;
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
  const shown = lines.map(({ key, productId, variantId, personalisation, quantity, product }) => {
    const facts = purchaseFacts(product, variantId);
    const { variantLabel, sku, pricePaise, imageUrl, stockQuantity } = variantOnLine(product, variantId);
    return {
      lineKey: key,
      productId,
      variantId,
      variantLabel,
      sku,
      personalisation,
      quantity,
      product: {
        id: productId,
        name: product.details.name,
        names: translatedNames(product.translations),
        pricePaise,
        imageUrl,
        stockQuantity,
        available: facts.available,
        madeToOrderDays: madeToOrderDaysOf(product.details, variantId),
      },
      shortage: shortageOf(quantity, facts),
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

export interface AddToCartInput {
  productId: string;
  /** Absent: the product's default variant (a product with options refuses it as no such variant). */
  variantId?: string | undefined;
  /** The buyer's answers, checked against the product's questions here. */
  personalisation?: GivenAnswer[] | undefined;
  quantity: number;
}

export async function addToCart(cx: CommandContext, actor: Actor, input: AddToCartInput) {
  const { productId, variantId = DEFAULT_VARIANT_ID, quantity } = input;
  const product = await loadProduct(cx, productId);
  if (input.variantId === undefined && hasOptions(product.details)) {
    throw new ApiError(400, 'validation_failed', VARIANT_MESSAGES.variantRequired, {
      variantId: VARIANT_MESSAGES.variantRequired,
    });
  }
  if (!findVariant(product.details, variantId)) throw new ApiError(404, 'not_found', VARIANT_MESSAGES.variantUnknown);
  // The line keeps each answer with its question's words as asked now.
  const personalisation = answersTo(product.details.personalisation, input.personalisation ?? []);
  const item: LineItem = { productId, variantId, personalisation };
  return changeCart(cx, actor, {
    type: 'AddToCart',
    actor,
    item,
    product: purchaseFacts(product, variantId),
    quantity,
  });
}

export async function setCartQuantity(cx: CommandContext, actor: Actor, key: string, quantity: number) {
  const line = (await loadCart(cx, actor.userId)).lines.find((l) => l.key === key);
  if (!line) {
    // A product never listed is not found, before it is not in the cart.
    await loadProduct(cx, productIdOfKey(key));
    throw new ApiError(404, 'not_found', NOT_IN_CART);
  }
  const product = purchaseFacts(line.product, line.variantId);
  return changeCart(cx, actor, { type: 'SetCartQuantity', actor, key, product, quantity });
}

export const removeFromCart = (cx: CommandContext, actor: Actor, key: string) =>
  changeCart(cx, actor, { type: 'RemoveFromCart', actor, key });

export const clearCart = (cx: CommandContext, actor: Actor) =>
  changeCart(cx, actor, { type: 'ClearCart', actor, orderId: null });
