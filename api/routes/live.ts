import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function liveRoutes(_ctx: AppContext) {
  return router();
}
