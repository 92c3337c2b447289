import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { english } from '../i18n/message.ts';

export const MAX_MESSAGE_LENGTH = 2000;
export const MAX_MESSAGE_IMAGES = 4;

export const MESSAGE_MESSAGES = {
  textRequired: /*i18n*/ 'Message is required',
  tooManyImages: english(/*i18n*/ 'A message can have at most {max} images', { max: MAX_MESSAGE_IMAGES }),
  imageId: /*i18n*/ 'Images are the ids of your uploads',
} as const;

/** Body of a new message: its text, and the ids of images the author uploaded to the thread. */
export const messageSchema = z.object({
  text: requiredText(MESSAGE_MESSAGES.textRequired, MAX_MESSAGE_LENGTH, /*i18n*/ 'Message', { multiline: true }),
  images: z
    .array(z.string({ error: MESSAGE_MESSAGES.imageId }).min(1, MESSAGE_MESSAGES.imageId).max(100), {
      error: MESSAGE_MESSAGES.imageId,
    })
    .max(MAX_MESSAGE_IMAGES, MESSAGE_MESSAGES.tooManyImages)
    .default([]),
});
