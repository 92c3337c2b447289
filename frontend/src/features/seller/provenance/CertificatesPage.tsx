import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime } from '../../../format.ts';
import { CertificateForm } from './CertificateForm.tsx';
import { EvidenceLinks, sellerEvidenceHref } from './EvidenceLinks.tsx';
import { SellerPage } from './SellerPage.tsx';
import {
  type Certificate,
  CertificateStateBadge,
  STATE_LABELS,
  certificateName,
  scopeText,
  validityText,
} from '../../provenance/index.ts';

/** /seller/certificates: the seller's certificates with their state, and the form to submit one with its evidence. */
export default function CertificatesPage() {
  const { t } = useLingui();
  return (
    <SellerPage
      title={t`Certificates`}
      description={t`Your GI registrations, Handloom Mark, Craftmark and other certificates. Once an admin verifies one, its badge shows on the products it covers until it ends.`}
    >
      {(userId) => <Certificates key={userId} />}
    </SellerPage>
  );
}

function Certificates() {
  const { t } = useLingui();
  const certificates = useApiGet(
    (options) => server.seller.certificates.$get({}, options),
    [],
    t`Failed to load your certificates`,
  );
  const products = useApiGet((options) => server.seller.products.$get({}, options), [], t`Error fetching products`);
  const [adding, setAdding] = useState(false);
  const productName = (id: string) => products.data?.items.find((product) => product.id === id)?.name;

  async function submitted(position: number) {
    await certificates.reload(position);
    setAdding(false);
  }

  if (adding)
    return (
      <CertificateForm products={products.data?.items ?? []} onSaved={submitted} onCancel={() => setAdding(false)} />
    );
  if (certificates.loading) return <Skeleton className="h-40 rounded-box" />;
  if (certificates.failed) return <LoadFailed what={t`your certificates`} onRetry={() => void certificates.reload()} />;
  const list = certificates.data!;
  const add = (
    <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
      <Icon name="plus" className="size-4" /> <Trans>Submit Certificate</Trans>
    </button>
  );
  if (list.length === 0)
    return (
      <EmptyState
        title={t`No certificates yet`}
        text={t`Submit a certificate with a scan or PDF of it for an admin to check.`}
      >
        {add}
      </EmptyState>
    );
  return (
    <section aria-label={t`Your certificates`}>
      <div className="mb-4">{add}</div>
      <ul className="space-y-4">
        {list.map((certificate) => (
          <CertificateCard key={certificate.id} certificate={certificate} productName={productName} />
        ))}
      </ul>
    </section>
  );
}

function CertificateCard({
  certificate,
  productName,
}: {
  certificate: Certificate;
  productName: (id: string) => string | undefined;
}) {
  const { t } = useLingui();
  const { state, reason, decidedAt, decidedByName } = certificate;
  const { number, issuer } = certificate;
  const validity = validityText(certificate);
  const covers = scopeText(certificate.scope, productName);
  const submittedAt = formatDateTime(certificate.submittedAt);
  return (
    <li className="card border border-base-300 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{certificateName(certificate)}</h2>
        <CertificateStateBadge state={state} />
      </div>
      <p className="text-sm">
        <Trans>
          No.{' '}
          <span className="font-mono" translate="no">
            {number}
          </span>{' '}
          · issued by <span dir="auto">{issuer}</span>
        </Trans>
      </p>
      <p className="text-sm">
        <Trans>
          {validity} · covers: <span dir="auto">{covers}</span>
        </Trans>
      </p>
      {reason && (state === 'rejected' || state === 'revoked') && (
        <p className="mt-1 text-sm text-error">
          {t(STATE_LABELS[state])}: <span dir="auto">{reason}</span>
        </p>
      )}
      <p className="mt-1 text-sm text-base-content/80">
        <Trans>Submitted {submittedAt}</Trans>
        {decidedAt && (
          <>
            {' · '}
            {t(STATE_LABELS[state])} {formatDateTime(decidedAt)}
            {decidedByName && (
              <>
                {' '}
                <Trans>
                  by <span dir="auto">{decidedByName}</span>
                </Trans>
              </>
            )}
          </>
        )}
      </p>
      <div className="mt-2 text-sm">
        <EvidenceLinks evidence={certificate.evidence} hrefOf={sellerEvidenceHref(certificate.id)} />
      </div>
    </li>
  );
}
