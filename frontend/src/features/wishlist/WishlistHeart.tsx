import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { InfoDialog } from '../../components/Dialog.tsx';
import { loginHref } from '../../links.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { wishKey } from './savedKeys.ts';
import { saveAfterSignIn, savedIds, savedKeys, setSaved } from './wishlistState.ts';

interface WishlistHeartProps {
  productId: string;
  productName: string;
  /** On a product page, the variant chosen (its id and label, e.g. 'Size 8 · Tan'): the heart saves that one. */
  chosen?: { id: string; label: string } | null;
  /** `card`: a round button over a product card's picture; `page`: beside Add to Cart. */
  variant: 'card' | 'page';
}

const STYLE = {
  card: 'btn btn-circle btn-sm absolute top-2 right-2 z-10 border-base-300 bg-base-100/90 shadow-sm',
  page: 'btn btn-outline btn-square btn-lg',
} as const;

/**
 * The heart that saves a product (or the variant chosen) to the buyer's wishlist: a toggle
 * button (aria-pressed) whose name stays the same whether pressed or not. A card's heart is filled
 * when anything of the product is saved. Signed out, it asks the visitor to log
 * in, comes back here after, and saves then. Users without the buyer role see none.
 */
export function WishlistHeart({ productId, productName, chosen, variant }: WishlistHeartProps) {
  useSignals();
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [askingToLogIn, setAskingToLogIn] = useState(false);
  const user = session.value;
  if (sessionKnown.value && user && !user.roles.includes('buyer')) return null;
  const variantId = chosen?.id ?? null;
  const saved = variant === 'card' ? savedIds.value.has(productId) : savedKeys.value.has(wishKey(productId, variantId));
  // The default variant has no label: it is the product.
  const name = chosen?.label || productName;

  async function toggle() {
    if (!session.value) {
      setAskingToLogIn(true);
      return;
    }
    setBusy(true);
    await setSaved(productId, !saved, variantId);
    setBusy(false);
  }

  return (
    <>
      <button
        type="button"
        className={`${STYLE[variant]} ${saved ? 'text-primary' : 'text-base-content/80'}`}
        aria-pressed={saved}
        aria-label={t`Save ${name} to wishlist`}
        title={saved ? t`Saved to your wishlist` : t`Save to wishlist`}
        disabled={busy || !sessionKnown.value}
        onClick={() => void toggle()}
      >
        <Icon name="heart" className={`${variant === 'card' ? 'size-5' : 'size-6'} ${saved ? 'fill-current' : ''}`} />
      </button>
      {askingToLogIn && (
        <LoginToSave
          productId={productId}
          variantId={variantId}
          productName={name}
          onClose={() => setAskingToLogIn(false)}
        />
      )}
    </>
  );
}

/** Asks a signed-out visitor to log in; the save waits for the sign-in, which comes back to this page. */
function LoginToSave({
  productId,
  variantId,
  productName,
  onClose,
}: {
  productId: string;
  variantId: string | null;
  productName: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [location] = useLocation();
  const search = useSearch();
  const here = search ? `${location}?${search}` : location;
  return (
    <InfoDialog
      title={t`Log in to save to your wishlist`}
      onClose={onClose}
      action={
        <Link href={loginHref(here)} className="btn btn-primary" onClick={() => saveAfterSignIn(productId, variantId)}>
          <Trans>Log in</Trans>
        </Link>
      }
    >
      <p>
        <Trans>
          Log in as a buyer to keep {productName} on your wishlist and hear when its price drops or it is back in stock.
        </Trans>
      </p>
      <p className="mt-2 text-sm text-base-content/80">
        <Trans>You will come back to this page, with it saved.</Trans>
      </p>
    </InfoDialog>
  );
}
