import { t } from '@lingui/core/macro';
import { Icon } from '../../../components/Icon.tsx';
import { formatNumber } from '../../../format.ts';
import type { EvidenceFile } from './types.ts';

/** "PDF, 120 KB": what a file is before it is opened. */
export function fileText({ contentType, size }: Pick<EvidenceFile, 'contentType' | 'size'>): string {
  const kilobytes = formatNumber(Math.max(1, Math.round(size / 1024)));
  return contentType === 'application/pdf' ? t`PDF, ${kilobytes} KB` : t`image, ${kilobytes} KB`;
}

/**
 * A certificate's evidence files as links to their download route (`hrefOf`): a PDF downloads,
 * an image opens. The files are private: the routes answer only their seller and the admins.
 */
export function EvidenceLinks({
  evidence,
  hrefOf,
}: {
  evidence: readonly EvidenceFile[];
  hrefOf: (evidenceId: string) => string;
}) {
  return (
    <ul className="space-y-1" aria-label={t`Evidence`}>
      {evidence.map((file) => (
        <li key={file.evidenceId}>
          <a
            href={hrefOf(file.evidenceId)}
            className="link inline-flex items-center gap-1 break-all"
            {...(file.contentType === 'application/pdf'
              ? { download: file.name }
              : { target: '_blank', rel: 'noreferrer' })}
          >
            <Icon name="layers" className="size-4 shrink-0" /> <span dir="auto">{file.name}</span>
          </a>{' '}
          <span className="text-sm text-base-content/80">({fileText(file)})</span>
        </li>
      ))}
    </ul>
  );
}

/** The seller's own download route of a certificate's evidence file. */
export const sellerEvidenceHref = (certificateId: string) => (evidenceId: string) =>
  `/api/seller/certificates/${encodeURIComponent(certificateId)}/evidence/${encodeURIComponent(evidenceId)}`;
