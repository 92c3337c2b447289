import { formatDateTime } from '../../format.ts';
import type { Shipment } from './types.ts';

/**
 * A seller order's shipment: the courier, its tracking number and the link to follow the parcel,
 * then each step of its journey, oldest first. Nothing before its tracking is given.
 */
export function ShipmentTimeline({ shipment }: { shipment: Shipment }) {
  if (!shipment) return null;
  return (
    <div className="mt-2 rounded-box bg-base-200 p-3 text-sm">
      <p>
        Shipped with {shipment.carrierName} · Tracking number <span className="font-mono">{shipment.awb}</span>{' '}
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="link link-primary">
          Track parcel
        </a>
      </p>
      {shipment.updates.length > 0 && (
        <ol className="mt-2 space-y-1" aria-label="Shipment updates">
          {shipment.updates.map((step) => (
            <li key={`${step.happenedAt}-${step.update}-${step.source}`} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{step.label}</span>
              {step.location && <span>{step.location}</span>}
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
