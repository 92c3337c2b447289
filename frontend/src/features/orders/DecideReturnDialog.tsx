import { Trans, useLingui } from '@lingui/react/macro';
import { returnDecisionSchema } from '../../../../domain/order/schemas.ts';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { formatPrice } from '../../format.ts';
import { decideReturn } from './orders.ts';
import { returnLabel, returnValue } from './ReturnList.tsx';
import type { OrderPart, OrderReturn, SellerOrderChange } from './types.ts';

/** The reason rule of a decision, from the API's body schema. */
const decisionReasonSchema = returnDecisionSchema.pick({ reason: true });

interface DecideReturnDialogProps {
  part: Pick<OrderPart, 'id' | 'shortId'>;
  request: OrderReturn;
  accept: boolean;
  onDecided: (result: SellerOrderChange) => void;
  onClose: () => void;
}

/** Accept or reject a return, with a reason the buyer will read. Mount it to open it. */
export function DecideReturnDialog({ part, request, accept, onDecided, onClose }: DecideReturnDialogProps) {
  const { t } = useLingui();
  const items = request.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ');
  const label = returnLabel(request);
  const value = formatPrice(returnValue(request));
  const reason = request.reason;

  async function decide(reason: string) {
    const result = await decideReturn(part, request, { accept, reason });
    if (result) onDecided(result);
  }

  return (
    <ReasonDialog
      title={accept ? t`Accept return ${label}?` : t`Reject return ${label}?`}
      label={accept ? t`Reason for accepting` : t`Reason for rejecting`}
      schema={decisionReasonSchema}
      confirmLabel={accept ? t`Accept return` : t`Reject return`}
      busyLabel={accept ? t`Accepting...` : t`Rejecting...`}
      destructive={!accept}
      onConfirm={decide}
      onClose={onClose}
    >
      <p dir="auto">
        <Trans>
          {items} ({value}). The buyer says: “{reason}”
        </Trans>
      </p>
      <p className="mt-2">
        {accept ? (
          <Trans>
            The items go back into stock, and the earning on them is taken off the seller’s balance. This cannot be
            undone.
          </Trans>
        ) : (
          <Trans>The buyer keeps the items and sees your reason. This cannot be undone.</Trans>
        )}
      </p>
    </ReasonDialog>
  );
}
