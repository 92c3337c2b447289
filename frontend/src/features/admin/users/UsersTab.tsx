import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { Role } from '../../../../../domain/actor.ts';
import { call, server } from '../../../api/client.ts';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { session } from '../../../state/session.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { usePagedGet } from '../paging.tsx';
import { SearchForm } from '../SearchForm.tsx';
import type { AdminUser, RolesResult } from '../types.ts';
import { useFilters } from '../url.ts';
import { ROLE_POWERS, aRole } from './roles.ts';
import { UserRow } from './UserRow.tsx';

interface RoleChange {
  user: AdminUser;
  role: Role;
  grant: boolean;
}

/** The Users tab: everyone, newest first, searched by name or e-mail (`?q=`), with their roles granted and revoked. */
export function UsersTab() {
  useSignals();
  const self = session.value;
  const [{ q }, setFilters] = useFilters(['q']);
  const [users, paging] = usePagedGet(
    (page, options) => server.admin.users.$get({ query: { q: q || undefined, ...page } }, options),
    [q],
    'Failed to load users',
  );
  const commands = useListCommands(users.reload, users.data?.items.map((user) => user.id) ?? []);
  const [changing, setChanging] = useState<RoleChange | null>(null);

  async function send({ user, role, grant }: RoleChange): Promise<RolesResult> {
    const roles = server.admin.users[':id'].roles;
    const id = encodeURIComponent(user.id);
    const result = grant
      ? await call(roles.$post({ param: { id }, json: { role } }))
      : await call(roles[':role'].$delete({ param: { id, role } }));
    // The admin changed their own roles: the header and dashboards follow.
    if (self && user.id === self.id) session.value = { ...self, roles: result.roles };
    return result;
  }

  async function confirm() {
    const change = changing!;
    const { user, role, grant } = change;
    const worked = await commands.run(user.id, {
      send: () => send(change),
      done: grant
        ? { title: 'Role granted', description: `${user.fullName} is now ${aRole(role)}.` }
        : { title: 'Role revoked', description: `${user.fullName} is no longer ${aRole(role)}.` },
      failed: grant ? 'Error granting role' : 'Error revoking role',
    });
    if (worked) setChanging(null);
  }

  return (
    <>
      <AdminList
        title="Users"
        description="Everyone with an account, newest first."
        headingRef={commands.heading}
        toolbar={
          <SearchForm
            label="Search users"
            placeholder="Name or email"
            value={q}
            onSearch={(text) => setFilters({ q: text })}
          />
        }
        resource={users}
        paging={paging}
        what="the users"
        empty={{ title: q ? 'No users match your search' : 'No users yet' }}
        rowSkeleton="h-24"
      >
        {(user) => (
          <UserRow
            key={user.id}
            user={user}
            selfId={self?.id}
            busy={commands.busyId === user.id}
            onChangeRole={(role, grant) => setChanging({ user, role, grant })}
          />
        )}
      </AdminList>
      {changing && (
        <ConfirmDialog
          title={`${changing.grant ? 'Grant' : 'Revoke'} the ${changing.role} role ${changing.grant ? 'to' : 'of'} ${changing.user.fullName}?`}
          confirmLabel={changing.grant ? 'Grant role' : 'Revoke role'}
          busyLabel={changing.grant ? 'Granting...' : 'Revoking...'}
          busy={commands.busyId === changing.user.id}
          destructive={!changing.grant}
          onConfirm={() => void confirm()}
          onClose={() => setChanging(null)}
        >
          <p>
            {changing.grant ? 'They will be able to' : 'They will no longer be able to'} {ROLE_POWERS[changing.role]}.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
