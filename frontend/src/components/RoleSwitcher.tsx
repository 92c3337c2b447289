import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ROLE_LABELS } from '../format.ts';
import { type User, dashboardPathOf, dashboardRoles } from '../state/session.ts';
import { Icon } from './Icon.tsx';

/**
 * For a user with several roles (desktop header): a button that drops down a link to each of
 * their dashboards, the one shown marked. Escape, a click elsewhere or a choice closes it.
 */
export function RoleSwitcher({ user }: { user: User }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);

  const roles = dashboardRoles(user);
  if (roles.length < 2) return null;
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-sm btn-square"
        aria-label={t`Switch dashboard`}
        title={t`Switch dashboard`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="layers" className="size-5" />
      </button>
      {open && (
        <ul
          id={listId}
          aria-label={t`Your dashboards`}
          className="menu absolute right-0 top-full z-50 mt-2 w-52 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          {roles.map((role) => {
            const path = dashboardPathOf(role);
            const roleName = ROLE_LABELS[role];
            return (
              <li key={role}>
                <Link
                  href={path}
                  aria-current={location === path ? 'page' : undefined}
                  className={location === path ? 'font-semibold' : ''}
                  onClick={() => setOpen(false)}
                >
                  <Trans>{roleName} dashboard</Trans>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
