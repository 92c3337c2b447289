import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../format.ts';
import type { Shipment } from './types.ts';
import { TRACKING_UPDATE_NAMES } from './updateLabels.ts';

/**
 * A seller order's shipment: the courier, its tracking number and the link to follow the parcel,
 * then each step of its journey, oldest first. Nothing before its tracking is given.
 */
export function ShipmentTimeline({ shipment }: { shipment: Shipment }) {
  const { t } = useLingui();
  if (!shipment) return null;
  const carrierName = shipment.carrierName;
  const awb = shipment.awb;
  return (
    <div className="mt-2 rounded-box bg-base-200 p-3 text-sm">
      <p>
        <Trans>
          Shipped with {carrierName} · Tracking number <span className="font-mono">{awb}</span>
        </Trans>{' '}
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="link link-primary">
          <Trans>Track parcel</Trans>
        </a>
      </p>
      {shipment.updates.length > 0 && (
        <ol className="mt-2 space-y-1" aria-label={t`Shipment updates`}>
          {shipment.updates.map((step) => (
            <li key={`${step.happenedAt}-${step.update}-${step.source}`} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{t(TRACKING_UPDATE_NAMES[step.update])}</span>
              {step.location && <span dir="auto">{step.location}</span>}
              <time dateTime={step.happenedAt} className="text-base-content/80">
                {formatDateTime(step.happenedAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
