import { useProductName } from '../productText.ts';

/** A cart, checkout or wishlist line's product name, in the reader's language when the seller gave it. */
export function ProductName({ product }: { product: Parameters<typeof useProductName>[0] }) {
  const { name, lang } = useProductName(product);
  return (
    <span lang={lang} dir="auto">
      {name}
    </span>
  );
}
