import type { MakingMethod } from '../../../../domain/provenance/events.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { domainText } from '../../i18n/domain-text.ts';
import { provenancePath } from './paths.ts';
import { METHOD_LABELS } from './words.ts';

/** A product's provenance as the catalog gives it: its code, method, makers and the badges of certificates in force. */
export interface ProductProvenanceData {
  code: string;
  method: MakingMethod | null;
  madeBy: ReadonlyArray<{ name: string; craft: string; place: string }>;
  badges: ReadonlyArray<{ kind: string; title: string; certifies: string }>;
}

/**
 * On the product page: the badges of its verified certificates, each with what it certifies,
 * who made it and how, and the way to its public provenance page. Kept live with the product.
 */
export function ProductProvenance({ provenance }: { provenance: ProductProvenanceData }) {
  const { t } = useLingui();
  const { code, method, madeBy, badges } = provenance;
  return (
    <section aria-label={t`Origin`} className="space-y-2">
      {badges.length > 0 && (
        <ul className="space-y-1" aria-label={t`Certificates`}>
          {badges.map((badge) => (
            <li key={`${badge.kind}-${badge.title}-${badge.certifies}`} className="flex flex-wrap items-center gap-2">
              <span className="badge badge-success gap-1 font-medium">
                <Icon name="award" className="size-4" /> <span dir="auto">{domainText(badge.title)}</span>
              </span>
              <span className="text-sm text-base-content/80" dir="auto">
                {domainText(badge.certifies)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {madeBy.length > 0 && (
        <p>
          <span className="font-medium">
            <Trans>Made by</Trans>
          </span>{' '}
          {madeBy.map((maker, index) => (
            <span key={`${maker.name}-${maker.place}`}>
              {index > 0 && '; '}
              <span className="font-semibold" dir="auto">
                {maker.name}
              </span>{' '}
              <span dir="auto">
                ({maker.craft}, {maker.place})
              </span>
            </span>
          ))}
          {method && <span className="text-base-content/80"> · {t(METHOD_LABELS[method])}</span>}
        </p>
      )}
      {(badges.length > 0 || madeBy.length > 0 || method) && (
        <Link href={provenancePath(code)} className="link inline-flex items-center gap-1 text-sm">
          <Icon name="shieldCheck" className="size-4" />{' '}
          <Trans>Proof of origin: who made it, its certificates and history</Trans>
        </Link>
      )}
    </section>
  );
}
