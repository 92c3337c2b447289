import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useState } from 'react';
import { MAX_MESSAGE_IMAGES } from '../../../../domain/conversation/schemas.ts';
import { type ApiError, call, server } from '../../api/client.ts';
import { toast } from '../../state/toasts.ts';
import type { ThreadMessage } from './types.ts';

type Image = ThreadMessage['images'][number];

export interface ThreadAttachments {
  images: Image[];
  uploading: boolean;
  full: boolean;
  attach(event: ChangeEvent<HTMLInputElement>): Promise<void>;
  clear(): void;
}

/**
 * Photos for a message or a help request about a seller order: each uploaded to its thread as it
 * is chosen (the server judges and resizes it as a product image), sent later by id, at most
 * MAX_MESSAGE_IMAGES.
 */
export function useThreadAttachments(sellerOrderId: string): ThreadAttachments {
  const { t } = useLingui();
  const [images, setImages] = useState<Image[]>([]);
  const [uploading, setUploading] = useState(false);

  async function attach(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const param = { id: encodeURIComponent(sellerOrderId) };
      const image = await call(server.threads[':id'].images.$post({ param, form: { file } }));
      setImages((current) => [...current, image]);
    } catch (error) {
      toast({ title: t`Could not attach the photo`, description: (error as ApiError).message, tone: 'error' });
    } finally {
      setUploading(false);
    }
  }

  return { images, uploading, full: images.length >= MAX_MESSAGE_IMAGES, attach, clear: () => setImages([]) };
}

/** The photos attached so far, and the server's word on them. */
export function AttachedPhotos({ attachments, error }: { attachments: ThreadAttachments; error?: string }) {
  const { t } = useLingui();
  return (
    <>
      {attachments.images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Attached photos`}>
          {attachments.images.map((image) => (
            <li key={image.id}>
              <img
                src={image.sizes[0]?.url ?? image.url}
                alt={t`Attached`}
                width={64}
                height={64}
                className="size-16 rounded object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function AttachPhotoButton({ attachments }: { attachments: ThreadAttachments }) {
  const { t } = useLingui();
  const { uploading, full, attach } = attachments;
  return (
    <label className={`btn btn-outline btn-sm ${full ? 'btn-disabled' : ''}`}>
      {uploading ? t`Attaching…` : t`Attach photo`}
      <input
        type="file"
        accept="image/*"
        className="hidden"
        onChange={(event) => void attach(event)}
        disabled={uploading || full}
      />
    </label>
  );
}
