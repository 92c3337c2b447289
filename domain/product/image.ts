/** Rules for a product image the seller uploads (spec section 5). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const ALLOWED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const IMAGE_TOO_LARGE = { title: 'File too large', description: 'Image must be less than 5MB' } as const;
export const INVALID_IMAGE_TYPE = { title: 'Invalid file type', description: 'Please upload an image file' } as const;

export type ImageUploadProblem = typeof IMAGE_TOO_LARGE | typeof INVALID_IMAGE_TYPE;

/**
 * The toast for a file that may not be uploaded, or null when it may. `type` is the
 * declared media type, so a server should also check the bytes themselves.
 */
export function imageUploadProblem(file: { size: number; type: string }): ImageUploadProblem | null {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type) ? null : INVALID_IMAGE_TYPE;
}
