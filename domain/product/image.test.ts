import { expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, INVALID_IMAGE_TYPE, MAX_IMAGE_BYTES, imageUploadProblem } from './image.ts';

it('says which toast a file that may not be uploaded gets', () => {
  expect(IMAGE_TOO_LARGE).toEqual({ title: 'File too large', description: 'Image must be less than 5MB' });
  expect(INVALID_IMAGE_TYPE).toEqual({ title: 'Invalid file type', description: 'Please upload an image file' });
  expect(MAX_IMAGE_BYTES).toBe(5_242_880);
  expect(imageUploadProblem({ size: MAX_IMAGE_BYTES, type: 'image/png' })).toBeNull();
  expect(imageUploadProblem({ size: 1, type: 'image/webp' })).toBeNull();
  expect(imageUploadProblem({ size: 1, type: 'image/jpeg' })).toBeNull();
  expect(imageUploadProblem({ size: 1, type: 'image/gif' })).toBeNull();
  expect(imageUploadProblem({ size: MAX_IMAGE_BYTES + 1, type: 'image/png' })).toBe(IMAGE_TOO_LARGE);
  expect(imageUploadProblem({ size: 1, type: 'image/svg+xml' })).toBe(INVALID_IMAGE_TYPE);
  expect(imageUploadProblem({ size: 1, type: 'application/pdf' })).toBe(INVALID_IMAGE_TYPE);
});
