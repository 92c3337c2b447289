import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ShipmentTimeline } from './ShipmentTimeline.tsx';
import { TrackingDialog } from './TrackingDialog.tsx';
import type { Shipment, TrackingChange } from './types.ts';
import { UpdateDialog } from './UpdateDialog.tsx';

/**
 * A seller's incoming order's shipment: its timeline, and while it is shipped "Add tracking" (or
 * "Correct tracking") and "Add tracking update".
 */
export function ShipmentControls({
  order,
  describedBy,
  onChange,
}: {
  order: { id: string; status: string; shipment: Shipment };
  describedBy: string;
  onChange: (result: TrackingChange, movesLedger: boolean) => void;
}) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState<'tracking' | 'update' | null>(null);
  const saved = (result: TrackingChange) => {
    setDialog(null);
    onChange(result, result.sellerOrder.status === 'delivered');
  };
  return (
    <>
      <ShipmentTimeline shipment={order.shipment} />
      {order.status === 'shipped' && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm"
            aria-describedby={describedBy}
            onClick={() => setDialog('tracking')}
          >
            {order.shipment ? t`Correct tracking` : t`Add tracking`}
          </button>
          <button
            type="button"
            className="btn btn-sm"
            aria-describedby={describedBy}
            onClick={() => setDialog('update')}
          >
            <Trans>Add tracking update</Trans>
          </button>
        </div>
      )}
      {dialog === 'tracking' && (
        <TrackingDialog
          sellerOrderId={order.id}
          shipment={order.shipment}
          onSaved={saved}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'update' && <UpdateDialog sellerOrderId={order.id} onSaved={saved} onClose={() => setDialog(null)} />}
    </>
  );
}
