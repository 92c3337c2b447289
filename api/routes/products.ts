import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function productRoutes(_ctx: AppContext) {
  return router();
}
