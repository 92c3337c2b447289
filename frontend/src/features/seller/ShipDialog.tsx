import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TrackingInput } from '../../../../domain/shipment/schemas.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import type { FieldErrors } from '../../forms.ts';
import { changePartStatus, moveConsequence, partLabel } from '../orders/index.ts';
import type { OrderPart, SellerOrderChange } from '../orders/types.ts';
import { TrackingFields, parseTracking } from '../shipments/index.ts';

/**
 * The seller marks an order shipped, with its courier and tracking number when it has them (the
 * buyer can then follow the parcel at once); without a number it is shipped and tracking is added
 * later. Mount it to open it.
 */
export function ShipDialog({
  part,
  onMoved,
  onClose,
}: {
  part: Pick<OrderPart, 'id' | 'shortId'>;
  onMoved: (result: SellerOrderChange) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function ship(form: FormData) {
    let tracking: TrackingInput | undefined;
    if (String(form.get('awb') ?? '').trim() !== '') {
      const parsed = parseTracking(form);
      if (!parsed.success) return setErrors(parsed.errors);
      tracking = parsed.tracking;
    }
    setErrors({});
    setBusy(true);
    const result = await changePartStatus(part, { status: 'shipped', ...(tracking && { tracking }) });
    setBusy(false);
    if (result) onMoved(result);
  }

  return (
    <ConfirmDialog
      title={t`Mark order ${ph({ order: partLabel(part) })} shipped?`}
      confirmLabel={t`Mark shipped`}
      busyLabel={t`Updating...`}
      busy={busy}
      onConfirm={(form) => void ship(form)}
      onClose={onClose}
    >
      <p>{moveConsequence('shipped', t`Your earning`)}</p>
      <p className="text-sm">
        <Trans>Give the courier and tracking number now so the buyer can follow the parcel, or add them later.</Trans>
      </p>
      <TrackingFields shipment={null} errors={errors} />
    </ConfirmDialog>
  );
}
