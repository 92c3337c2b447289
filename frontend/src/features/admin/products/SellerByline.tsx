import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { VerifiedSellerBadge } from '../../../components/VerifiedSellerBadge.tsx';
import type { AdminProduct } from '../types.ts';

/** Under a queued product's name: who sells it and whether MIBI verified them, then `children` (when it changed). */
export function SellerByline({ product, children }: { product: AdminProduct; children?: ReactNode }) {
  const sellerName = product.sellerName;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span>
        <Trans>by {sellerName}</Trans>
      </span>
      <VerifiedSellerBadge verified={product.sellerVerified} />
      {children}
    </p>
  );
}
