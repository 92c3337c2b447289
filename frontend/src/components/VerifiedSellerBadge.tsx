import { Trans } from '@lingui/react/macro';
import { Icon } from './Icon.tsx';

/** Beside a seller's name or product: an admin verified the seller. Nothing when `verified` is false. */
export function VerifiedSellerBadge({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span className="badge badge-success badge-sm gap-1 font-medium whitespace-nowrap">
      <Icon name="shieldCheck" className="size-3.5" />
      <Trans>Verified Seller</Trans>
    </span>
  );
}
