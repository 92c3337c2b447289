import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function categoryRoutes(_ctx: AppContext) {
  return router();
}
