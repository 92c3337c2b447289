import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { DecisionButtons } from '../../../components/DecisionButtons.tsx';
import { productPath } from '../../../links.ts';

/** The link to the product's page and the two verdicts, worded for what waits. */
const LABELS = {
  product: { viewLabel: msg`View Details`, acceptLabel: msg`Verify`, rejectLabel: msg`Reject` },
  changes: { viewLabel: msg`View on sale`, acceptLabel: msg`Approve changes`, rejectLabel: msg`Reject changes` },
};

interface ProductVerdictsProps {
  productId: string;
  /** The id of the product's name: each action is described by it. */
  describedBy: string;
  /** What waits for the verdicts: a new product, or changes to one on sale. */
  of: keyof typeof LABELS;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}

/** The verdicts' state and actions, which a queue's row passes on. */
export type Verdicts = Pick<ProductVerdictsProps, 'busy' | 'onAccept' | 'onReject'>;

/** What an admin does with a product waiting for review (new, or changed): look at its page, then accept or reject. */
export function ProductVerdicts({ productId, describedBy, of, ...decision }: ProductVerdictsProps) {
  const { t } = useLingui();
  const { viewLabel, acceptLabel, rejectLabel } = LABELS[of];
  return (
    <div className="flex flex-wrap gap-2">
      <Link href={productPath(productId)} className="btn btn-ghost btn-sm" aria-describedby={describedBy}>
        {t(viewLabel)}
      </Link>
      <DecisionButtons
        describedBy={describedBy}
        acceptLabel={t(acceptLabel)}
        rejectLabel={t(rejectLabel)}
        {...decision}
      />
    </div>
  );
}
