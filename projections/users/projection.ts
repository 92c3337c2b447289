import type { Role } from '../../domain/actor.ts';
import type { AccountEvent } from '../../domain/account/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UserDoc } from './documents.ts';

export const USERS = 'users';

/** Roles in the order they were added; applying an event twice changes nothing. */
function changedRoles(
  roles: Role[],
  { type, data }: Extract<AccountEvent, { type: 'RoleAdded' | 'RoleRemoved' }>,
): Role[] {
  if (type === 'RoleRemoved') return roles.filter((role) => role !== data.role);
  return roles.includes(data.role) ? roles : [...roles, data.role];
}

/** One document per account: its profile and current roles (never the password hash). */
export const users: Projection = {
  name: 'users',
  collections: [{ name: USERS, indexes: [['emailNormalized']] }],
  eventTypes: new Set<AccountEvent['type']>(['AccountRegistered', 'RoleAdded', 'RoleRemoved']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as unknown as AccountEvent;
    if (event.type === 'AccountRegistered') {
      const { userId, fullName, email, emailNormalized, role, registeredAt } = event.data;
      work.put<UserDoc>(USERS, {
        id: userId,
        fullName,
        email,
        emailNormalized,
        roles: [role],
        registeredAt,
      });
    } else if (event.type === 'RoleAdded' || event.type === 'RoleRemoved') {
      const user = await work.get<UserDoc>(USERS, event.data.userId);
      if (user) work.put<UserDoc>(USERS, { ...user, roles: changedRoles(user.roles, event) });
    }
  },
};
