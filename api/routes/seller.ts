import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function sellerRoutes(_ctx: AppContext) {
  return router();
}
