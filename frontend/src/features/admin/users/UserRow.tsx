import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import { ROLES, type Role } from '../../../../../domain/actor.ts';
import { ROLE_LABELS, formatDate } from '../../../format.ts';
import type { AdminUser } from '../types.ts';
import { adminHref } from '../url.ts';
import { ROLE_WORDS, revokeBlocked } from './roles.ts';

interface UserRowProps {
  user: AdminUser;
  /** The signed-in admin's id. */
  selfId: string | undefined;
  busy: boolean;
  onChangeRole: (role: Role, grant: boolean) => void;
}

/** A user, their roles, and a grant or revoke button per role. */
export function UserRow({ user, selfId, busy, onChangeRole }: UserRowProps) {
  const { t } = useLingui();
  const nameId = useId();
  const noteId = useId();
  const blocked = ROLES.map((role) => revokeBlocked(user, role, selfId));
  const note = blocked.find((reason) => reason !== null);
  const userName = user.fullName;
  const joinedOn = formatDate(user.registeredAt);

  return (
    <li className="card flex-row flex-wrap items-start justify-between gap-4 border border-base-300 p-4">
      <div className="min-w-48">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="font-semibold">
            <span dir="auto">{userName}</span>
            {user.id === selfId && (
              <span className="font-normal text-base-content/80">
                {' '}
                <Trans>(you)</Trans>
              </span>
            )}
          </h3>
          {user.roles.map((role) => (
            <span key={role} className="badge badge-secondary badge-sm">
              {ROLE_LABELS[role]}
            </span>
          ))}
        </div>
        <p className="text-sm text-base-content/80">
          <span dir="auto" translate="no">
            {user.email}
          </span>{' '}
          ·{' '}
          <Trans>
            Joined <time dateTime={user.registeredAt}>{joinedOn}</time>
          </Trans>
        </p>
        {user.roles.includes('buyer') && (
          <Link href={adminHref('orders', { buyer: user.id })} className="link text-sm" aria-describedby={nameId}>
            <Trans>View orders</Trans>
          </Link>
        )}
      </div>
      <div>
        <div role="group" aria-label={t`Roles of ${userName}`} className="flex flex-wrap gap-2">
          {ROLES.map((role, index) => {
            const held = user.roles.includes(role);
            const roleName = t(ROLE_WORDS[role]);
            return (
              <button
                key={role}
                type="button"
                className={`btn btn-sm ${held ? 'btn-outline btn-error' : 'btn-outline'}`}
                aria-describedby={blocked[index] ? `${nameId} ${noteId}` : nameId}
                disabled={busy || blocked[index] !== null}
                onClick={() => onChangeRole(role, !held)}
              >
                {held ? t`Revoke ${roleName}` : t`Grant ${roleName}`}
              </button>
            );
          })}
        </div>
        {/* Reserved, so rows line up whether or not a role is locked. */}
        <p id={noteId} className="min-h-5 pt-1 text-sm text-base-content/80">
          {note && t(note)}
        </p>
      </div>
    </li>
  );
}
