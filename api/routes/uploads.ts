import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

/** An image of at most 5 MB plus the multipart framing around it. */
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

export function uploadRoutes(_ctx: AppContext) {
  return router();
}
