import { plural, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ALLOWED_IMAGE_TYPES, MAX_PRODUCT_IMAGES, imageUploadProblem } from '../../../../domain/product/image.ts';
import { PRODUCT_MESSAGES } from '../../../../domain/product/schemas.ts';
import { Field } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { toast } from '../../state/toasts.ts';
import { type GalleryEntry, moved } from './gallery.ts';

interface ImagePickerProps {
  /** The images in the order shown, the main one first. */
  entries: GalleryEntry[];
  onChange: (entries: GalleryEntry[]) => void;
  urlError: string | undefined;
  imagesError: string | undefined;
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

/** An image of the form's gallery: the list's (96 px) or, `small`, a variant's pick (48 px). */
export function Thumbnail({
  entry,
  position,
  small = false,
}: {
  entry: GalleryEntry;
  position: number;
  small?: boolean;
}) {
  const { t } = useLingui();
  const preview = usePreview('file' in entry ? entry.file : null);
  const size = small ? 48 : 96;
  if ('image' in entry)
    return (
      <ProductImage
        src={entry.image}
        alt={t`Current product image ${position}`}
        sizes={`${size}px`}
        className={`${small ? 'w-12' : 'w-24'} rounded-box`}
      />
    );
  return preview ? (
    <img
      src={preview}
      alt={t`Preview of the chosen image ${ph({ fileName: entry.file.name })}`}
      width={size}
      height={size}
      className={`${small ? 'size-12' : 'size-24'} rounded-box object-cover`}
    />
  ) : (
    <span className={`block ${small ? 'size-12' : 'size-24'} rounded-box bg-base-200`} />
  );
}

/**
 * The product's images, up to MAX_PRODUCT_IMAGES, the first the main one: the current ones
 * (when editing) and files chosen to upload on save, each checked for size and type when
 * chosen. Each can be moved earlier or later, or removed; the focus stays on the list and a
 * live region says what happened. The URL field gives one image instead, so it is disabled
 * while any image is listed.
 */
export function ImagePicker({ entries, onChange, urlError, imagesError }: ImagePickerProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const fileId = useId();
  const chosenCount = useRef(0);
  const [said, say] = useState('');
  // After a move or a removal, the button to focus (a selector in the list), or the file chooser once the list is empty.
  const [focusNext, setFocusNext] = useState<string | 'chooser' | null>(null);
  useEffect(() => {
    if (focusNext === null) return;
    const target = focusNext === 'chooser' ? input.current : list.current?.querySelector<HTMLElement>(focusNext);
    target?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const full = entries.length >= MAX_PRODUCT_IMAGES;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    const problems = chosen.map((file) => imageUploadProblem(file));
    const problem = problems.find((found) => found !== null);
    if (problem) toast({ ...problem, tone: 'error' });
    const fine = chosen.filter((_, i) => problems[i] === null);
    const room = MAX_PRODUCT_IMAGES - entries.length;
    if (fine.length > room)
      toast({ title: t`Too many images`, description: PRODUCT_MESSAGES.tooManyImages, tone: 'error' });
    const added = fine.slice(0, room).map((file): GalleryEntry => ({ key: `chosen-${++chosenCount.current}`, file }));
    if (added.length === 0) return;
    onChange([...entries, ...added]);
    const addedCount = added.length;
    say(
      added.length === 1
        ? t`Image added as image ${ph({ number: entries.length + 1 })}`
        : plural(addedCount, { one: '# image added', other: '# images added' }),
    );
  }

  function move(from: number, to: number) {
    const entry = entries[from]!;
    onChange(moved(entries, from, to));
    say(
      to === 0
        ? t`Image ${ph({ number: from + 1 })} is now the main image`
        : t`Image ${ph({ number: from + 1 })} moved to position ${ph({ position: to + 1 })}`,
    );
    // The button pressed, or its neighbour when it no longer applies at the image's new place.
    const last = entries.length - 1;
    const direction = to < from ? 'earlier' : 'later';
    const stuck = (direction === 'earlier' && to === 0) || (direction === 'later' && to === last);
    setFocusNext(
      `[data-key="${CSS.escape(entry.key)}"] [data-move="${stuck ? (direction === 'earlier' ? 'later' : 'earlier') : direction}"]`,
    );
  }

  function remove(index: number) {
    const next = entries.filter((_, i) => i !== index);
    onChange(next);
    say(t`Image ${ph({ number: index + 1 })} removed`);
    const neighbour = next[Math.min(index, next.length - 1)];
    setFocusNext(neighbour ? `[data-key="${CSS.escape(neighbour.key)}"] [data-remove]` : 'chooser');
  }

  return (
    <fieldset className="md:col-span-2">
      <legend className="mb-2 text-sm font-medium">
        <Trans>Product Images</Trans>
      </legend>
      {entries.length > 0 && (
        <ol ref={list} aria-label={t`Images, the first is the main image`} className="mb-3 flex flex-wrap gap-3">
          {entries.map((entry, index) => (
            <li
              key={entry.key}
              data-key={entry.key}
              className="flex flex-col items-center gap-1 rounded-box border border-base-300 p-2"
            >
              <Thumbnail entry={entry} position={index + 1} />
              <span className="text-xs font-medium">
                {index === 0 ? t`Main image` : t`Image ${ph({ number: index + 1 })}`}
              </span>
              <span className="join">
                <button
                  type="button"
                  data-move="earlier"
                  className="btn btn-ghost btn-xs join-item"
                  aria-label={t`Move image ${ph({ number: index + 1 })} earlier`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <span aria-hidden="true">←</span>
                </button>
                <button
                  type="button"
                  data-move="later"
                  className="btn btn-ghost btn-xs join-item"
                  aria-label={t`Move image ${ph({ number: index + 1 })} later`}
                  disabled={index === entries.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <span aria-hidden="true">→</span>
                </button>
                <button
                  type="button"
                  data-remove
                  className="btn btn-ghost btn-xs join-item"
                  aria-label={t`Remove image ${ph({ number: index + 1 })}`}
                  onClick={() => remove(index)}
                >
                  <Icon name="trash" className="size-4" />
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      <div className="flex flex-wrap items-start gap-4">
        <div className="min-w-60 flex-1">
          <label htmlFor={fileId} className="mb-1 block text-sm">
            <Trans>Upload an image</Trans>
          </label>
          <input
            id={fileId}
            ref={input}
            name="images"
            type="file"
            multiple
            accept={ALLOWED_IMAGE_TYPES.join(',')}
            className={`file-input w-full ${imagesError ? 'file-input-error' : ''}`}
            aria-describedby={`${fileId}-hint${imagesError ? ` ${fileId}-error` : ''}`}
            aria-invalid={imagesError ? true : undefined}
            disabled={full}
            onChange={choose}
          />
          <p id={`${fileId}-hint`} className="mt-1 text-xs text-base-content/80">
            <Trans>
              PNG, JPG, WEBP (MAX. 5MB each), up to {MAX_PRODUCT_IMAGES} images; the first is the main image.
            </Trans>
          </p>
          {imagesError && (
            <p id={`${fileId}-error`} className="mt-1 text-sm text-error">
              {imagesError}
            </p>
          )}
        </div>
        <div className="min-w-60 flex-1">
          <Field label={t`Or an image URL`} name="imageUrl" type="url" disabled={entries.length > 0} error={urlError} />
          {/* A disabled field is not sent: the listed images take its place. */}
          {entries.length > 0 && <input type="hidden" name="imageUrl" value="" />}
        </div>
      </div>
    </fieldset>
  );
}
