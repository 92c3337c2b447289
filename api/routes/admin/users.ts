import { createRoute, z } from '@hono/zod-openapi';
import { ROLES } from '../../../domain/actor.ts';
import { type AccountCommand, accountDecider } from '../../../domain/account/decider.ts';
import { accountStream } from '../../../domain/account/events.ts';
import { roleChangeSchema } from '../../../domain/account/schemas.ts';
import { tooLong } from '../../../domain/fields.ts';
import { COLLECTIONS, type UserDoc } from '../../../projections/models.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../context.ts';
import { PositionSchema, type SessionUser, errors, jsonBody, jsonResponse, router } from '../../http.ts';
import { IdParamsSchema, findPage, pageOf, pagingFields } from './shared.ts';

const MAX_SEARCH_LENGTH = 200;

const UserSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    roles: z.array(z.enum(ROLES)),
    registeredAt: z.string(),
  })
  .openapi('AdminUser');

const UserListQuerySchema = z.object({
  q: z
    .string({ error: 'Search text must be given once' })
    .max(MAX_SEARCH_LENGTH, tooLong('Search text', MAX_SEARCH_LENGTH))
    .optional()
    .openapi({ description: 'Part of the name or e-mail address (case-insensitive)' }),
  ...pagingFields,
});

const RolesResultSchema = z.object({ id: z.string(), roles: z.array(z.enum(ROLES)), position: PositionSchema }).openapi('RolesResult');

const tags = ['Admin'];

export function adminUserRoutes(ctx: AppContext) {
  const app = router();
  const users = ctx.platform.read.collection<UserDoc>(COLLECTIONS.users);

  /** Grants or revokes a role of a user; the account decider keeps an admin's own admin role. */
  async function changeRoles(admin: SessionUser, userId: string, command: Extract<AccountCommand, { type: 'AddRole' | 'RemoveRole' }>) {
    const stream = accountStream(userId);
    const { position } = await ctx.streams.decide(stream, accountDecider, command, { actor: admin.id });
    const { state } = await ctx.streams.load(stream, accountDecider);
    return { id: userId, roles: state!.roles, position };
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Users, newest first, searched by name or e-mail address',
      request: { query: UserListQuerySchema },
      responses: { 200: jsonResponse(pageOf(UserSchema, 'AdminUserList'), 'A page of users'), ...errors(400, 401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { q, ...paging } = c.req.valid('query');
      const needle = q?.trim().toLowerCase();
      const keep = needle ? (user: UserDoc) => user.fullName.toLowerCase().includes(needle) || user.emailNormalized.includes(needle) : undefined;
      const page = await findPage(users, { sort: [['registeredAt', 'desc']] }, paging, keep);
      return c.json({ items: page.items.map(({ emailNormalized: _, ...user }) => user), total: page.total }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/roles',
      tags,
      summary: 'Grant a role to a user',
      request: { params: IdParamsSchema, body: jsonBody(roleChangeSchema) },
      responses: { 200: jsonResponse(RolesResultSchema, 'The user’s roles after the grant'), ...errors(400, 401, 403, 404, 413) },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { role } = c.req.valid('json');
      const command = { type: 'AddRole', actor: actorOf(admin), role, at: new Date().toISOString() } as const;
      return c.json(await changeRoles(admin, c.req.valid('param').id, command), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/roles/{role}',
      tags,
      summary: 'Revoke a role of a user (not an admin’s own admin role, nor anyone’s last role)',
      request: { params: IdParamsSchema.extend(roleChangeSchema.shape) },
      responses: { 200: jsonResponse(RolesResultSchema, 'The user’s roles after the revocation'), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { id, role } = c.req.valid('param');
      const command = { type: 'RemoveRole', actor: actorOf(admin), role, at: new Date().toISOString() } as const;
      return c.json(await changeRoles(admin, id, command), 200);
    },
  );

  return app;
}
