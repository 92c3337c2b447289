/**
 * An image a seller uploaded (or gave the URL of), or a buyer or seller uploaded to a conversation,
 * stored at every width: a stream of its own, so a product or a message names its images by
 * upload id and the server knows whose they are.
 */
import type { Decider } from '../decider.ts';
import type { ImageSize } from './image.ts';

export const imageUploadStream = (uploadId: string): string => `upload-${uploadId}`;

export interface ImageUploaded {
  uploadId: string;
  /** The user whose image it is. */
  by: string;
  /** The widest size's URL. */
  url: string;
  /** Narrowest first. */
  sizes: ImageSize[];
  at: string;
}

export type ImageUploadEvent = { type: 'ImageUploaded'; data: ImageUploaded };

export type ImageUploadCommand = { type: 'RecordImageUpload'; upload: ImageUploaded };

/** An upload is recorded once: a retried record changes nothing. */
export const imageUploadDecider: Decider<ImageUploadCommand, ImageUploaded | null, ImageUploadEvent> = {
  initialState: null,
  evolve: (_state, event) => event.data,
  decide: (command, state) => (state ? [] : [{ type: 'ImageUploaded', data: command.upload }]),
};
