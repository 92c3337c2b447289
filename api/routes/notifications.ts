import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function notificationRoutes(_ctx: AppContext) {
  return router();
}
