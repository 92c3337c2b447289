/** The PIN code a buyer typed on a product page, remembered in this browser for the next product. */
const KEY = 'mibi.deliveryPin';

export function rememberedPin(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberPin(pincode: string): void {
  try {
    localStorage.setItem(KEY, pincode);
  } catch {
    // Storage refused (private mode, full): the PIN is only not remembered.
  }
}
