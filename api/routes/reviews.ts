import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function reviewRoutes(_ctx: AppContext) {
  return router();
}
