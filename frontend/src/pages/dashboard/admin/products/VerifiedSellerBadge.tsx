import { Icon } from '../../../../components/Icon.tsx';

/** Beside a seller's name: an admin verified them. */
export function VerifiedSellerBadge() {
  return (
    <span className="badge badge-success badge-sm gap-1 whitespace-nowrap">
      <Icon name="shieldCheck" className="size-3.5" />
      Verified Seller
    </span>
  );
}
