import { createRoute, z } from '@hono/zod-openapi';
import { ROLES } from '../../../domain/actor.ts';
import { roleChangeSchema } from '../../../domain/account/schemas.ts';
import { tooLong } from '../../../domain/fields.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { type AccountChange, addRole, removeRole } from '../../commands/accounts.ts';
import { disableTotp } from '../../commands/second-factor.ts';
import type { AppContext } from '../../roles/context.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../../http/router.ts';
import { searchUsers } from '../../../projections/users/queries.ts';
import { IdParamsSchema, pageOf, pagingFields } from './shared.ts';
import { AdminUserSchema } from '../../../projections/users/documents.ts';

const MAX_SEARCH_LENGTH = 200;

const UserListQuerySchema = z.object({
  q: z
    .string({ error: /*i18n*/ 'Search text must be given once' })
    .max(MAX_SEARCH_LENGTH, tooLong(/*i18n*/ 'Search text', MAX_SEARCH_LENGTH))
    .optional()
    .openapi({ description: 'Part of the name or e-mail address (case-insensitive)' }),
  ...pagingFields,
});

const RolesResultSchema = z
  .object({ id: z.string(), roles: z.array(z.enum(ROLES)), position: PositionSchema })
  .openapi('RolesResult');

/** The user's roles after a grant or a revocation. */
const rolesResult = ({ user, position }: AccountChange) => ({ id: user.id, roles: user.roles, position });

const tags = ['Admin'];

export const adminUserRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listUsers',
        tags,
        summary: 'Users, newest first, searched by name or e-mail address',
        request: { query: UserListQuerySchema },
        responses: {
          200: jsonResponse(pageOf(AdminUserSchema, 'AdminUserList'), 'A page of users'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        requireRole(c, 'admin');
        const { q, ...paging } = c.req.valid('query');
        return c.json(await searchUsers(ctx.platform.read, q, paging), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/roles',
        operationId: 'grantRole',
        tags,
        summary: 'Grant a role to a user',
        request: { params: IdParamsSchema, body: jsonBody(roleChangeSchema) },
        responses: {
          200: jsonResponse(RolesResultSchema, 'The user’s roles after the grant'),
          ...errors(400, 401, 403, 404, 413),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        return c.json(
          rolesResult(await addRole(ctx, actorOf(admin), c.req.valid('param').id, c.req.valid('json').role)),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}/roles/{role}',
        operationId: 'revokeRole',
        tags,
        summary: 'Revoke a role of a user (not an admin’s own admin role, nor anyone’s last role)',
        request: { params: IdParamsSchema.extend(roleChangeSchema.shape) },
        responses: {
          200: jsonResponse(RolesResultSchema, 'The user’s roles after the revocation'),
          ...errors(400, 401, 403, 404, 409),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { id, role } = c.req.valid('param');
        const revoked = await removeRole(ctx, actorOf(admin), id, role);
        // Every request reads the roles afresh; the open live streams end and reopen without the role's messages.
        await ctx.sessions.cutRights(id);
        return c.json(rolesResult(revoked), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/totp/disable',
        operationId: 'resetSecondFactor',
        tags,
        summary: 'Turn off the two-step sign-in of a user who lost their device and recovery codes',
        description:
          'Another admin’s only: they set it up again at their next sign-in (an admin must). The user gets a notice by e-mail.',
        request: { params: IdParamsSchema },
        responses: {
          200: jsonResponse(z.object({ position: PositionSchema }), 'Off (also when it was off)'),
          ...errors(401, 403, 404, 409),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        return c.json(await disableTotp(ctx, actorOf(admin), c.req.valid('param').id), 200);
      },
    );
