import { Icon } from '../Icon.tsx';

/** Shown on the products of sellers an admin has verified. */
export function VerifiedSellerBadge({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span className="badge badge-success badge-sm gap-1 font-medium">
      <Icon name="shieldCheck" className="size-3.5" />
      Verified Seller
    </span>
  );
}
