import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function cartRoutes(_ctx: AppContext) {
  return router();
}
