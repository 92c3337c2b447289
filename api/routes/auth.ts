import type { AppContext } from '../context.ts';
import { router } from '../http.ts';

export function authRoutes(_ctx: AppContext) {
  return router();
}
