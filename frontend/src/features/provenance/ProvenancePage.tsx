import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { Alert } from '../../components/Alert.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate, formatDateTime } from '../../format.ts';
import { domainText } from '../../i18n/domain-text.ts';
import { productPath, storefrontPath } from '../../links.ts';
import { CertificateStateBadge } from './CertificateState.tsx';
import type { ProvenanceRecord } from './types.ts';
import {
  ARTISAN_ID_LABELS,
  MAKER_KIND_LABELS,
  METHOD_LABELS,
  certificateName,
  clusterText,
  validityText,
} from './words.ts';

/**
 * /provenance/{code}: a product's public record of origin, for anyone with its tag (signed in or
 * not): the product and its seller, how it was made and by whom, the certificates that concern it
 * with their state and who verified them, the history of the record, and whether its hash chains
 * are intact.
 */
export default function ProvenancePage() {
  const { t } = useLingui();
  const { code = '' } = useParams<{ code: string }>();
  const record = useApiGet(
    (options) => server.provenance[':code'].$get({ param: { code: encodeURIComponent(code) } }, options),
    [code],
    t`Error loading the provenance page`,
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {record.loading ? (
        <div aria-busy="true" className="space-y-4">
          <h1 className="text-3xl font-bold">
            <Trans>Loading...</Trans>
          </h1>
          <Skeleton className="h-40 rounded-box" />
        </div>
      ) : record.data ? (
        <Record record={record.data} />
      ) : (
        <div className="py-24 text-center">
          <h1 className="text-3xl font-bold">
            <Trans>Provenance not found</Trans>
          </h1>
          <p className="mt-2 text-base-content/80">
            <Trans>
              No product has the code <span translate="no">{code}</span>. Check the code on the tag.
            </Trans>
          </p>
        </div>
      )}
    </div>
  );
}

function Record({ record }: { record: ProvenanceRecord }) {
  const { t } = useLingui();
  const { product, seller, method, productionPartner, makers, certificates, history, chain } = record;
  const recordCode = record.code;
  const sellerName = seller.name;
  return (
    <>
      <header className="flex flex-wrap items-start gap-6">
        <ProductImage src={product.image} alt="" sizes="160px" className="w-40 shrink-0 rounded-box" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium uppercase tracking-wide text-base-content/80">
            <Trans>
              Proof of origin · code{' '}
              <span className="font-mono" translate="no">
                {recordCode}
              </span>
            </Trans>
          </p>
          <h1 className="mt-1 text-3xl font-bold break-words" dir="auto">
            {product.name}
          </h1>
          <p className="mt-2">
            <Trans>
              Sold by{' '}
              <Link href={storefrontPath(seller.id)} className="link font-semibold" dir="auto">
                {sellerName}
              </Link>
            </Trans>
            {' · '}
            <Link href={productPath(product.id)} className="link">
              <Trans>See the product</Trans>
            </Link>
          </p>
          <ChainStatus chain={chain} />
        </div>
      </header>

      <section aria-labelledby="how-made" className="mt-10">
        <h2 id="how-made" className="text-xl font-semibold">
          <Trans>How it was made</Trans>
        </h2>
        <p className="mt-2">
          {method ? t(METHOD_LABELS[method]) : t`The seller has not said yet.`}
          {productionPartner && (
            <>
              : <span dir="auto">{productionPartner}</span>
            </>
          )}
        </p>
        {makers.length > 0 && (
          <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label={t`Made by`}>
            {makers.map((maker) => {
              const makerName = maker.name;
              return (
                <li key={`${maker.name}-${maker.cluster.place}`} className="card border border-base-300 p-4">
                  {maker.photo && (
                    <ProductImage
                      src={maker.photo}
                      alt={t`Photo of ${makerName}`}
                      sizes="96px"
                      className="mb-3 size-24 rounded-box"
                    />
                  )}
                  <h3 className="text-lg font-semibold" dir="auto">
                    {maker.name}
                  </h3>
                  <p className="text-sm text-base-content/80">
                    {t(MAKER_KIND_LABELS[maker.kind])} · <span dir="auto">{maker.craft}</span>
                  </p>
                  <p className="mt-1 flex items-center gap-1 text-sm">
                    <Icon name="mapPin" className="size-4 shrink-0" />{' '}
                    <span dir="auto">{clusterText(maker.cluster)}</span>
                  </p>
                  {maker.artisanId && (
                    <p className="mt-1 text-sm">
                      {t(ARTISAN_ID_LABELS[maker.artisanId.kind])}:{' '}
                      <span className="font-mono" translate="no">
                        {maker.artisanId.masked}
                      </span>
                    </p>
                  )}
                  {maker.story && (
                    <p className="mt-2 whitespace-pre-line text-sm" dir="auto">
                      {maker.story}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="certificates" className="mt-10">
        <h2 id="certificates" className="text-xl font-semibold">
          <Trans>Certificates</Trans>
        </h2>
        {certificates.length === 0 ? (
          <p className="mt-2">
            <Trans>No certificates for this product or its seller.</Trans>
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {certificates.map((certificate) => {
              const { number, issuer } = certificate;
              const verifier = certificate.verifiedByName ?? t`a MIBI admin`;
              const verifiedOn = certificate.verifiedAt && formatDate(certificate.verifiedAt);
              return (
                <li key={certificate.id} className="card border border-base-300 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold break-words">
                      {certificate.badge ? domainText(certificate.badge) : certificateName(certificate)}
                    </h3>
                    <CertificateStateBadge state={certificate.state} />
                  </div>
                  <p className="text-sm">{domainText(certificate.certifies)}</p>
                  <p className="text-sm text-base-content/80 break-words">
                    <Trans>
                      No.{' '}
                      <span className="font-mono" translate="no">
                        {number}
                      </span>{' '}
                      · issued by <span dir="auto">{issuer}</span>
                    </Trans>{' '}
                    · {validityText(certificate)}
                  </p>
                  {certificate.verifiedAt && (
                    <p className="text-sm">
                      <Trans>
                        Verified by <span dir="auto">{verifier}</span> on{' '}
                        <time dateTime={certificate.verifiedAt}>{verifiedOn}</time>
                      </Trans>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="history" className="mt-10">
        <h2 id="history" className="text-xl font-semibold">
          <Trans>History</Trans>
        </h2>
        <ol className="mt-4 space-y-2 border-l-2 border-base-300 pl-4">
          {history.map((entry) => (
            <li key={`${entry.at}-${entry.type}-${entry.summary}`} className="text-sm">
              <time dateTime={entry.at} className="font-medium">
                {formatDateTime(entry.at)}
              </time>
              : {domainText(entry.summary)}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** Whether every hash chain of the record checked out; a break names where it is. */
function ChainStatus({ chain }: { chain: ProvenanceRecord['chain'] }) {
  if (chain.intact)
    return (
      <Alert tone="success" className="mt-4">
        <Icon name="shieldCheck" className="size-5" />
        <span>
          <Trans>
            <strong>History intact</strong>: every change to this record since it began is linked by hash and checked.
          </Trans>
        </span>
      </Alert>
    );
  const { stream, revision, reason } = chain;
  return (
    <Alert tone="error" className="mt-4">
      <Icon name="shield" className="size-5" />
      <span>
        <Trans>
          <strong>History broken</strong>: the record <span translate="no">{stream}</span> does not check at revision{' '}
          {revision} (<span translate="no">{reason}</span>). It may have been changed outside MIBI: do not rely on it.
        </Trans>
      </span>
    </Alert>
  );
}
