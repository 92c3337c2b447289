import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import { stateByCode } from '../../../../../domain/tax/states.ts';
import { formatDate, formatDateTime } from '../../../format.ts';
import type { AdminSeller, SellerAction } from '../types.ts';
import { adminHref } from '../url.ts';
import { SellerStatusBadge } from './SellerStatusBadge.tsx';
import { STANDING_ACTIONS, type StandingAction, actionsFor } from './standing.ts';

const DECISION_LABELS: Record<SellerAction, MessageDescriptor> = {
  verified: msg`Verified`,
  suspended: msg`Suspended`,
  reinstated: msg`Reinstated`,
};

/** Who the seller is for GST, for the admins to check before verifying: the GSTIN and its state, or why there is none. */
function TaxProfileLine({ taxProfile }: { taxProfile: AdminSeller['taxProfile'] }) {
  const { t } = useLingui();
  if (!taxProfile)
    return (
      <p className="text-sm text-base-content/80">
        <Trans>No tax profile yet</Trans>
      </p>
    );
  const state = stateByCode(taxProfile.stateCode)?.name ?? taxProfile.stateCode;
  return (
    <p className="text-sm">
      <span dir="auto">{taxProfile.legalName}</span> ·{' '}
      {taxProfile.registered
        ? t`GSTIN ${taxProfile.gstin} (${state})`
        : t`Not registered for GST: enrolment ${taxProfile.enrolmentNumber}, sells in ${state} only`}
    </p>
  );
}

interface SellerRowProps {
  seller: AdminSeller;
  busy: boolean;
  onAction: (action: StandingAction) => void;
}

/** A seller: standing, products, the admins' decisions, and what may be done next. */
export function SellerRow({ seller, busy, onAction }: SellerRowProps) {
  const { t } = useLingui();
  const nameId = useId();
  const { listed, onSale, pendingReview } = seller.products;
  const registeredOn = formatDate(seller.registeredAt);
  const decisions = seller.history.length;

  return (
    <li className="card gap-2 border border-base-300 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={nameId} dir="auto" className="font-semibold">
          {seller.fullName}
        </h3>
        <SellerStatusBadge status={seller.status} />
      </div>
      <p className="text-sm text-base-content/80">
        <span dir="auto" translate="no">
          {seller.email}
        </span>{' '}
        ·{' '}
        <Trans>
          Registered <time dateTime={seller.registeredAt}>{registeredOn}</time>
        </Trans>
      </p>
      <TaxProfileLine taxProfile={seller.taxProfile} />
      <p className="text-sm">
        <Plural value={listed} one="# product listed" other="# products listed" /> ·{' '}
        <Trans>
          {onSale} on sale · {pendingReview} pending review
        </Trans>
      </p>
      {seller.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">
            <Trans>Decisions ({decisions})</Trans>
          </summary>
          <ol className="mt-2 space-y-1 border-l-2 border-base-300 pl-3">
            {seller.history.map(({ action, reason, at }) => (
              <li key={`${action}-${at}`}>
                <Trans>
                  <span className="font-medium">{t(DECISION_LABELS[action])}</span> on{' '}
                  <time dateTime={at}>{formatDateTime(at)}</time>
                </Trans>
                {reason && (
                  <span className="text-base-content/80">
                    : <span dir="auto">{reason}</span>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        {actionsFor(seller).map((action) => {
          const { button, destructive } = STANDING_ACTIONS[action];
          return (
            <button
              key={action}
              type="button"
              className={`btn btn-sm ${destructive ? 'btn-outline btn-error' : 'btn-primary'}`}
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => onAction(action)}
            >
              {t(button)}
            </button>
          );
        })}
        <Link
          href={adminHref('orders', { seller: seller.id })}
          className="btn btn-ghost btn-sm"
          aria-describedby={nameId}
        >
          <Trans>View orders</Trans>
        </Link>
      </div>
    </li>
  );
}
