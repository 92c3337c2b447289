import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function devRoutes(_ctx: AppContext) {
  return router();
}
