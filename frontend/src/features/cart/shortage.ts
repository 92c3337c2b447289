import { t } from '@lingui/core/macro';
import type { CartLine } from './types.ts';

/** What the cart and checkout say of a line the server flags (`shortage`), or null when it can be ordered as it is. */
export function shortageText({ product, shortage }: Pick<CartLine, 'product' | 'shortage'>): string | null {
  if (!shortage) return null;
  if (!product.available) return t`No longer available`;
  const { left } = shortage;
  return left === 0 ? t`Out of stock` : t`Only ${left} left`;
}

/** Whether every line can be ordered as it is: checkout waits until it can. */
export const orderable = (lines: readonly Pick<CartLine, 'shortage'>[]): boolean =>
  lines.every((line) => line.shortage === null);
