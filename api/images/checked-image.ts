import { fileTypeFromBuffer } from 'file-type';
import {
  ALLOWED_IMAGE_TYPES,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE_TYPE,
  MAX_IMAGE_BYTES,
} from '../../domain/product/image.ts';
import { ApiError } from '../http/errors.ts';

export interface CheckedImage {
  data: Buffer;
  /** As sniffed from the bytes, e.g. image/png. */
  contentType: string;
  /** The usual file extension of that type, e.g. png or jpg. */
  extension: string;
}

/**
 * An uploaded file as a product image, judged by its content: its name and declared type
 * are the sender's claims, so a script named photo.png is still refused.
 */
export async function checkedImage(file: File): Promise<CheckedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new ApiError(413, 'file_too_large', IMAGE_TOO_LARGE.description);
  const image = await sniffedImage(Buffer.from(await file.arrayBuffer()));
  if (!image) throw new ApiError(415, 'invalid_file_type', INVALID_IMAGE_TYPE.description);
  return image;
}

/** `data` as a product image when its bytes are one of the allowed types (whatever it was called), else null. */
export async function sniffedImage(data: Buffer): Promise<CheckedImage | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(type.mime)) return null;
  return { data, contentType: type.mime, extension: type.ext };
}
