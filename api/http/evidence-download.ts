/** The headers of an evidence file answered to its seller or an admin: never cached, never run as a page. */
import { z } from '@hono/zod-openapi';
import type { EvidenceFile } from '../../domain/provenance/events.ts';
import { MEDIA_POLICY } from './media.ts';

export function evidenceHeaders({ name, contentType }: EvidenceFile): Record<string, string> {
  // The stored name keeps letters of any script: an ASCII fallback, and the exact name for browsers that read it.
  const ascii = name.replace(/[^A-Za-z0-9._()-]/g, '_');
  const disposition = contentType === 'application/pdf' ? 'attachment' : 'inline';
  return {
    'content-type': contentType,
    'content-disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'content-security-policy': MEDIA_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}

/** The OpenAPI response of an evidence file. */
export const evidenceResponse = {
  description: 'The file: a PDF (as an attachment) or a WebP image; Cache-Control: private, no-store',
  content: {
    'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
    'image/webp': { schema: z.string().openapi({ format: 'binary' }) },
  },
};
