import { Link, useParams } from 'wouter';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { Alert } from '../../components/Alert.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate, formatDateTime } from '../../format.ts';
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
  const { code = '' } = useParams<{ code: string }>();
  const record = useApiGet(
    (options) => server.provenance[':code'].$get({ param: { code: encodeURIComponent(code) } }, options),
    [code],
    'Error loading the provenance page',
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {record.loading ? (
        <div aria-busy="true" className="space-y-4">
          <h1 className="text-3xl font-bold">Loading...</h1>
          <Skeleton className="h-40 rounded-box" />
        </div>
      ) : record.data ? (
        <Record record={record.data} />
      ) : (
        <div className="py-24 text-center">
          <h1 className="text-3xl font-bold">Provenance not found</h1>
          <p className="mt-2 text-base-content/80">No product has the code {code}. Check the code on the tag.</p>
        </div>
      )}
    </div>
  );
}

function Record({ record }: { record: ProvenanceRecord }) {
  const { product, seller, method, productionPartner, makers, certificates, history, chain } = record;
  return (
    <>
      <header className="flex flex-wrap items-start gap-6">
        <ProductImage src={product.image} alt="" sizes="160px" className="w-40 shrink-0 rounded-box" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium uppercase tracking-wide text-base-content/80">
            Proof of origin · code <span className="font-mono">{record.code}</span>
          </p>
          <h1 className="mt-1 text-3xl font-bold break-words">{product.name}</h1>
          <p className="mt-2">
            Sold by{' '}
            <Link href={storefrontPath(seller.id)} className="link font-semibold">
              {seller.name}
            </Link>
            {' · '}
            <Link href={productPath(product.id)} className="link">
              See the product
            </Link>
          </p>
          <ChainStatus chain={chain} />
        </div>
      </header>

      <section aria-labelledby="how-made" className="mt-10">
        <h2 id="how-made" className="text-xl font-semibold">
          How it was made
        </h2>
        <p className="mt-2">
          {method ? METHOD_LABELS[method] : 'The seller has not said yet.'}
          {productionPartner && `: ${productionPartner}`}
        </p>
        {makers.length > 0 && (
          <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label="Made by">
            {makers.map((maker) => (
              <li key={`${maker.name}-${maker.cluster.place}`} className="card border border-base-300 p-4">
                {maker.photo && (
                  <ProductImage
                    src={maker.photo}
                    alt={`Photo of ${maker.name}`}
                    sizes="96px"
                    className="mb-3 size-24 rounded-box"
                  />
                )}
                <h3 className="text-lg font-semibold" dir="auto">
                  {maker.name}
                </h3>
                <p className="text-sm text-base-content/80">
                  {MAKER_KIND_LABELS[maker.kind]} · <span dir="auto">{maker.craft}</span>
                </p>
                <p className="mt-1 flex items-center gap-1 text-sm">
                  <Icon name="mapPin" className="size-4 shrink-0" /> {clusterText(maker.cluster)}
                </p>
                {maker.artisanId && (
                  <p className="mt-1 text-sm">
                    {ARTISAN_ID_LABELS[maker.artisanId.kind]}:{' '}
                    <span className="font-mono">{maker.artisanId.masked}</span>
                  </p>
                )}
                {maker.story && (
                  <p className="mt-2 whitespace-pre-line text-sm" dir="auto">
                    {maker.story}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="certificates" className="mt-10">
        <h2 id="certificates" className="text-xl font-semibold">
          Certificates
        </h2>
        {certificates.length === 0 ? (
          <p className="mt-2">No certificates for this product or its seller.</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {certificates.map((certificate) => (
              <li key={certificate.id} className="card border border-base-300 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold break-words">{certificate.badge ?? certificateName(certificate)}</h3>
                  <CertificateStateBadge state={certificate.state} />
                </div>
                <p className="text-sm">{certificate.certifies}</p>
                <p className="text-sm text-base-content/80 break-words">
                  No. <span className="font-mono">{certificate.number}</span> · issued by {certificate.issuer} ·{' '}
                  {validityText(certificate)}
                </p>
                {certificate.verifiedAt && (
                  <p className="text-sm">
                    Verified by {certificate.verifiedByName ?? 'a MIBI admin'} on{' '}
                    <time dateTime={certificate.verifiedAt}>{formatDate(certificate.verifiedAt)}</time>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history" className="mt-10">
        <h2 id="history" className="text-xl font-semibold">
          History
        </h2>
        <ol className="mt-4 space-y-2 border-l-2 border-base-300 pl-4">
          {history.map((entry) => (
            <li key={`${entry.at}-${entry.type}-${entry.summary}`} className="text-sm">
              <time dateTime={entry.at} className="font-medium">
                {formatDateTime(entry.at)}
              </time>
              : {entry.summary}
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
          <strong>History intact</strong>: every change to this record since it began is linked by hash and checked.
        </span>
      </Alert>
    );
  return (
    <Alert tone="error" className="mt-4">
      <Icon name="shield" className="size-5" />
      <span>
        <strong>History broken</strong>: the record {chain.stream} does not check at revision {chain.revision} (
        {chain.reason}). It may have been changed outside MIBI: do not rely on it.
      </span>
    </Alert>
  );
}
