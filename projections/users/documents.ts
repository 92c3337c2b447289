/**
 * The users read model's document (collection `users`): its schema, the type inferred from it,
 * and what the admins' list shows of it. The projection imports only the types, so the threads
 * that run it never load the schemas.
 */
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../domain/actor.ts';

/** One per account: its profile and current roles (never the password hash). */
export const UserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** The address trimmed and lower-cased (domain/account/email.ts emailKey): what the admins' search matches. */
  emailNormalized: z.string(),
  roles: z.array(z.enum(ROLES)),
  registeredAt: z.string(),
});
export type UserDoc = z.infer<typeof UserSchema>;

/** A user as the admins' list shows them. */
export const AdminUserSchema = UserSchema.omit({ emailNormalized: true }).openapi('AdminUser');
export type AdminUser = z.infer<typeof AdminUserSchema>;
