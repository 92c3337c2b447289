import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ALLOWED_IMAGE_TYPES, imageUploadProblem } from '../../../../domain/product/image.ts';
import { Field } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { toast } from '../../state/toasts.ts';

interface ImagePickerProps {
  /** The file chosen to upload, which takes priority over the URL. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  defaultUrl: string;
  urlError: string | undefined;
}

/** A local URL showing `file` while it is chosen. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * The product image: a file to upload, or the URL of an image (field `imageUrl`). Choosing a
 * file checks its size and type, disables the URL and shows a preview; Remove clears it.
 */
export function ImagePicker({ file, onFileChange, defaultUrl, urlError }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const preview = usePreview(file);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    const problem = chosen && imageUploadProblem(chosen);
    if (problem) {
      toast({ ...problem, tone: 'error' });
      event.currentTarget.value = '';
      return;
    }
    onFileChange(chosen);
  }

  function clear() {
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
    onFileChange(null);
  }

  return (
    <fieldset className="md:col-span-2">
      <legend className="mb-2 text-sm font-medium">Product Image</legend>
      <div className="flex flex-wrap items-start gap-4">
        <div className="min-w-60 flex-1">
          <label htmlFor={fileId} className="mb-1 block text-sm">
            Upload an image
          </label>
          <input
            id={fileId}
            ref={input}
            type="file"
            accept={ALLOWED_IMAGE_TYPES.join(',')}
            className="file-input w-full"
            aria-describedby={`${fileId}-hint`}
            onChange={choose}
          />
          <p id={`${fileId}-hint`} className="mt-1 mb-3 text-xs text-base-content/80">
            PNG, JPG, WEBP (MAX. 5MB)
          </p>
          <Field label="Or an image URL" name="imageUrl" type="url" defaultValue={defaultUrl} disabled={file !== null} error={urlError} />
          {/* A disabled field is not sent: the chosen file's URL takes its place once uploaded. */}
          {file && <input type="hidden" name="imageUrl" value="" />}
        </div>
        <div className="flex flex-col items-center gap-2">
          {preview ? (
            <img src={preview} alt="Preview of the chosen image" width={128} height={128} className="size-32 rounded-box object-cover" />
          ) : (
            <span className="grid size-32 place-items-center rounded-box border border-dashed border-base-300 text-base-content/60">
              <Icon name="image" className="size-8" />
            </span>
          )}
          <button type="button" className={`btn btn-ghost btn-sm ${file ? '' : 'invisible'}`} onClick={clear} disabled={!file}>
            Remove image
          </button>
        </div>
      </div>
    </fieldset>
  );
}
