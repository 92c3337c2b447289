import { Link } from 'wouter';
import { DecisionButtons } from '../../../components/DecisionButtons.tsx';
import { productPath } from '../../../links.ts';

interface ProductVerdictsProps {
  productId: string;
  /** The id of the product's name: each action is described by it. */
  describedBy: string;
  /** The link to the product's page: 'View Details', 'View on sale'. */
  viewLabel: string;
  acceptLabel: string;
  rejectLabel: string;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}

/** What an admin does with a product waiting for review (new, or changed): look at its page, then accept or reject. */
export function ProductVerdicts({ productId, describedBy, viewLabel, ...decision }: ProductVerdictsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link href={productPath(productId)} className="btn btn-ghost btn-sm" aria-describedby={describedBy}>
        {viewLabel}
      </Link>
      <DecisionButtons describedBy={describedBy} {...decision} />
    </div>
  );
}
