import { useLingui } from '@lingui/react/macro';
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
import { A_ROLE, ROLE_POWERS, ROLE_WORDS } from './roles.ts';
import { UserRow } from './UserRow.tsx';

interface RoleChange {
  user: AdminUser;
  role: Role;
  grant: boolean;
}

/** The Users tab: everyone, newest first, searched by name or e-mail (`?q=`), with their roles granted and revoked. */
export function UsersTab() {
  useSignals();
  const { t } = useLingui();
  const self = session.value;
  const [{ q }, setFilters] = useFilters(['q']);
  const [users, paging] = usePagedGet(
    (page, options) => server.admin.users.$get({ query: { q: q || undefined, ...page } }, options),
    [q],
    t`Failed to load users`,
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
    const userName = user.fullName;
    const aRole = t(A_ROLE[role]);
    const worked = await commands.run(user.id, {
      send: () => send(change),
      done: grant
        ? { title: t`Role granted`, description: t`${userName} is now ${aRole}.` }
        : { title: t`Role revoked`, description: t`${userName} is no longer ${aRole}.` },
      failed: grant ? t`Error granting role` : t`Error revoking role`,
    });
    if (worked) setChanging(null);
  }

  return (
    <>
      <AdminList
        title={t`Users`}
        description={t`Everyone with an account, newest first.`}
        headingRef={commands.heading}
        toolbar={
          <SearchForm
            label={t`Search users`}
            placeholder={t`Name or email`}
            value={q}
            onSearch={(text) => setFilters({ q: text })}
          />
        }
        resource={users}
        paging={paging}
        what={t`the users`}
        empty={{ title: q ? t`No users match your search` : t`No users yet` }}
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
        <RoleDialog
          change={changing}
          busy={commands.busyId === changing.user.id}
          onConfirm={() => void confirm()}
          onClose={() => setChanging(null)}
        />
      )}
    </>
  );
}

interface RoleDialogProps {
  change: RoleChange;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Granting or revoking a role, with what it lets its holder do. */
function RoleDialog({ change: { user, role, grant }, busy, onConfirm, onClose }: RoleDialogProps) {
  const { t } = useLingui();
  const roleName = t(ROLE_WORDS[role]);
  const userName = user.fullName;
  return (
    <ConfirmDialog
      title={grant ? t`Grant the ${roleName} role to ${userName}?` : t`Revoke the ${roleName} role of ${userName}?`}
      confirmLabel={grant ? t`Grant role` : t`Revoke role`}
      busyLabel={grant ? t`Granting...` : t`Revoking...`}
      busy={busy}
      destructive={!grant}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{t(grant ? ROLE_POWERS[role].grant : ROLE_POWERS[role].revoke)}</p>
    </ConfirmDialog>
  );
}
