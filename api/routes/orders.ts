import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function orderRoutes(_ctx: AppContext) {
  return router();
}
