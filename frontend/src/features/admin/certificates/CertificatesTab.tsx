import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'wouter';
import { reasonSchema } from '../../../../../domain/provenance/schemas.ts';
import { call, server } from '../../../api/client.ts';
import { type Resource, useApiGet } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { SelectField } from '../../../components/Field.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime } from '../../../format.ts';
import { productPath } from '../../../links.ts';
import { toast } from '../../../state/toasts.ts';
import {
  type Certificate,
  type CertificateState,
  CertificateStateBadge,
  STATE_LABELS,
  certificateName,
  scopeText,
  validityText,
} from '../../provenance/index.ts';
import { EvidenceLinks } from '../../seller/provenance/EvidenceLinks.tsx';
import { useFilters } from '../url.ts';

const STATES = Object.keys(STATE_LABELS) as CertificateState[];
const isState = (value: string): value is CertificateState => STATES.includes(value as CertificateState);

/** The list's empty state, by the state it shows. */
const EMPTY: Readonly<Record<CertificateState, MessageDescriptor>> = {
  submitted: msg`No certificates to check`,
  verified: msg`No verified certificates`,
  rejected: msg`No rejected certificates`,
  revoked: msg`No revoked certificates`,
  expired: msg`No expired certificates`,
};

/** What an admin may do to a certificate in its state: verify or reject a submitted one, revoke a verified one. */
type Decision = 'reject' | 'revoke';
const DECISIONS: Readonly<
  Record<
    Decision,
    {
      title: (number: string) => MessageDescriptor;
      confirm: MessageDescriptor;
      busy: MessageDescriptor;
      done: MessageDescriptor;
      failed: MessageDescriptor;
      text: MessageDescriptor;
    }
  >
> = {
  reject: {
    title: (number) => msg`Reject certificate ${number}?`,
    confirm: msg`Reject`,
    busy: msg`Rejecting...`,
    done: msg`Certificate rejected`,
    failed: msg`Could not reject`,
    text: msg`The seller sees the reason and can submit the certificate again with better evidence.`,
  },
  revoke: {
    title: (number) => msg`Revoke certificate ${number}?`,
    confirm: msg`Revoke`,
    busy: msg`Revoking...`,
    done: msg`Certificate revoked`,
    failed: msg`Could not revoke`,
    text: msg`Its badge leaves every product it covers at once. The seller sees the reason.`,
  },
};

const evidenceHref = (certificateId: string) => (evidenceId: string) =>
  `/api/admin/certificates/${encodeURIComponent(certificateId)}/evidence/${encodeURIComponent(evidenceId)}`;

/**
 * The Certificates tab: certificates to check, the oldest submitted first (another state in
 * `?state=`), each opened with its evidence beside its details to verify or reject it (or revoke
 * it once verified); and the verified ones that end in the next 30 days.
 */
export function CertificatesTab() {
  const { t } = useLingui();
  const [filters, setFilters] = useFilters(['state']);
  const state = isState(filters.state) ? filters.state : 'submitted';
  const list = useApiGet(
    (options) => server.admin.certificates.$get({ query: { state } }, options),
    [state],
    t`Failed to load certificates`,
  );
  const expiring = useApiGet(
    (options) => server.admin.certificates.expiring.$get({}, options),
    [],
    t`Failed to load expiring certificates`,
  );
  const reload = (position: number) => Promise.all([list.reload(position), expiring.reload(position)]);

  return (
    <div className="space-y-10">
      <CertificateList
        title={t`Certificates`}
        what={t`the certificates`}
        description={t`Sellers' certificates, the oldest submitted first. Open one to check its evidence beside its details.`}
        toolbar={
          <SelectField
            label={t`Show`}
            name="state"
            className="max-w-xs"
            value={state}
            onChange={(event) => setFilters({ state: event.target.value === 'submitted' ? '' : event.target.value })}
          >
            {STATES.map((value) => (
              <option key={value} value={value}>
                {t(STATE_LABELS[value])}
              </option>
            ))}
          </SelectField>
        }
        certificates={list}
        empty={t(EMPTY[state])}
        onDecided={reload}
      />
      <CertificateList
        title={t`Expiring in the next 30 days`}
        what={t`the certificates expiring in the next 30 days`}
        description={t`Verified certificates whose last valid day is near, the soonest first. The sellers are told 30 and 7 days before.`}
        certificates={expiring}
        empty={t`No certificate ends in the next 30 days`}
        onDecided={reload}
      />
    </div>
  );
}

interface CertificateListProps {
  title: string;
  /** What a failed load names. */
  what: string;
  description: string;
  toolbar?: ReactNode;
  certificates: Resource<Certificate[]>;
  empty: string;
  onDecided: (position: number) => Promise<unknown>;
}

function CertificateList({ title, what, description, toolbar, certificates, empty, onDecided }: CertificateListProps) {
  const titleId = useId();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-base-content/80">{description}</p>
      {toolbar && <div className="mt-4">{toolbar}</div>}
      <div className="mt-4">
        {certificates.loading ? (
          <Skeleton className="h-24 rounded-box" />
        ) : certificates.failed ? (
          <LoadFailed what={what} onRetry={() => void certificates.reload()} />
        ) : certificates.data!.length === 0 ? (
          <EmptyState title={empty} />
        ) : (
          <ul className="space-y-3">
            {certificates.data!.map((certificate) => (
              <li key={certificate.id} className="rounded-box border border-base-300 p-3">
                <CertificateRow
                  certificate={certificate}
                  open={openId === certificate.id}
                  onOpen={() => setOpenId(openId === certificate.id ? null : certificate.id)}
                />
                {openId === certificate.id && (
                  <CertificateCheck
                    certificate={certificate}
                    onDecided={async (position) => {
                      setOpenId(null);
                      await onDecided(position);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function CertificateRow({
  certificate,
  open,
  onOpen,
}: {
  certificate: Certificate;
  open: boolean;
  onOpen: () => void;
}) {
  const { sellerName, number, submittedAt, validUntil } = certificate;
  const submitted = formatDateTime(submittedAt);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{certificateName(certificate)}</span>
          <CertificateStateBadge state={certificate.state} />
        </p>
        <p className="text-sm text-base-content/80 break-words">
          <Trans>
            <span dir="auto">{sellerName}</span> · No. <span translate="no">{number}</span> · submitted{' '}
            <time dateTime={submittedAt}>{submitted}</time> · ends {validUntil}
          </Trans>
        </p>
      </div>
      <button type="button" className="btn btn-outline btn-sm" aria-expanded={open} onClick={onOpen}>
        {open ? (
          <Trans>
            Close <span className="sr-only">certificate {number}</span>
          </Trans>
        ) : (
          <Trans>
            Check <span className="sr-only">certificate {number}</span>
          </Trans>
        )}
      </button>
    </div>
  );
}

/** One certificate opened: its details and decisions beside its evidence (images shown, PDFs to download). */
function CertificateCheck({
  certificate,
  onDecided,
}: {
  certificate: Certificate;
  onDecided: (position: number) => Promise<void>;
}) {
  const { t } = useLingui();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  const param = { id: encodeURIComponent(certificate.id) };

  async function run(
    send: () => Promise<{ position: number }>,
    done: MessageDescriptor,
    failed: MessageDescriptor,
  ): Promise<void> {
    setBusy(true);
    try {
      const { position } = await send();
      toast({ title: t(done), tone: 'success' });
      setDeciding(null);
      await onDecided(position);
    } catch (error) {
      toast({ title: t(failed), description: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const verify = () =>
    run(
      () => call(server.admin.certificates[':id'].verify.$post({ param })),
      msg`Certificate verified`,
      msg`Could not verify`,
    );
  const decide = (decision: Decision) => async (reason: string) => {
    const json = { reason };
    const send =
      decision === 'reject'
        ? () => call(server.admin.certificates[':id'].reject.$post({ param, json }))
        : () => call(server.admin.certificates[':id'].revoke.$post({ param, json }));
    await run(send, DECISIONS[decision].done, DECISIONS[decision].failed);
  };

  const { state, scope, evidence } = certificate;
  const images = evidence.filter((file) => file.contentType !== 'application/pdf');
  const { sellerName, number, issuer, decidedAt, decidedByName, reason } = certificate;
  const kind = certificateName(certificate);
  const decided = decidedAt && formatDateTime(decidedAt);
  const stateName = t(STATE_LABELS[state]);
  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-2">
      <section aria-label={t`Details`} className="space-y-1 text-sm break-words">
        <h3 className="font-semibold">
          <Trans>Details</Trans>
        </h3>
        <p>
          <Trans>
            Seller: <span dir="auto">{sellerName}</span>
          </Trans>
        </p>
        <p>
          <Trans>Kind: {kind}</Trans>
        </p>
        <p>
          <Trans>
            Number:{' '}
            <span className="font-mono" translate="no">
              {number}
            </span>
          </Trans>
        </p>
        <p>
          <Trans>
            Issuer: <span dir="auto">{issuer}</span>
          </Trans>
        </p>
        <p>{validityText(certificate)}</p>
        <p>
          <Trans>Covers:</Trans>{' '}
          {scope.kind === 'seller' ? (
            scopeText(scope)
          ) : (
            <Link href={productPath(scope.productId)} className="link">
              {scopeText(scope, () => t`the product`)}
            </Link>
          )}
        </p>
        {decided && (
          <p>
            {stateName} {decided}
            {decidedByName && (
              <>
                {' '}
                <Trans>
                  by <span dir="auto">{decidedByName}</span>
                </Trans>
              </>
            )}
            {reason && (
              <>
                : <span dir="auto">{reason}</span>
              </>
            )}
          </p>
        )}
        <div className="flex flex-wrap gap-2 pt-2">
          {state === 'submitted' && (
            <>
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void verify()}>
                <Trans>Verify</Trans>
              </button>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                disabled={busy}
                onClick={() => setDeciding('reject')}
              >
                <Trans>Reject</Trans>
              </button>
            </>
          )}
          {state === 'verified' && (
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              disabled={busy}
              onClick={() => setDeciding('revoke')}
            >
              <Trans>Revoke</Trans>
            </button>
          )}
        </div>
      </section>
      <section aria-label={t`Evidence`} className="space-y-2 text-sm">
        <h3 className="font-semibold">
          <Trans>Evidence</Trans>
        </h3>
        <EvidenceLinks evidence={evidence} hrefOf={evidenceHref(certificate.id)} />
        {images.map(({ evidenceId, name }) => (
          <img
            key={evidenceId}
            src={evidenceHref(certificate.id)(evidenceId)}
            alt={t`Evidence: ${name}`}
            width={600}
            height={800}
            loading="lazy"
            className="h-auto max-h-[32rem] w-full rounded-box border border-base-300 object-contain"
          />
        ))}
      </section>
      {deciding && (
        <ReasonDialog
          title={t(DECISIONS[deciding].title(number))}
          label={t`Reason (the seller sees it)`}
          schema={reasonSchema}
          confirmLabel={t(DECISIONS[deciding].confirm)}
          busyLabel={t(DECISIONS[deciding].busy)}
          destructive
          onConfirm={decide(deciding)}
          onClose={() => setDeciding(null)}
        >
          <p>{t(DECISIONS[deciding].text)}</p>
        </ReasonDialog>
      )}
    </div>
  );
}
