import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'wouter';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { Icon } from '../../../components/Icon.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime } from '../../../format.ts';
import { storefrontPath } from '../../../links.ts';
import { useLiveEvent } from '../../../state/live.ts';
import { session } from '../../../state/session.ts';
import type { SellerStorefront } from '../types.ts';
import { StorefrontForm } from './StorefrontForm.tsx';

/**
 * The seller's storefront as buyers see it (region, craft, story), a link to it, the form to
 * edit it and its earlier versions. Kept current by the live feed, so an admin's edit shows.
 */
export function StorefrontSection({ className = '' }: { className?: string }) {
  useSignals();
  const { t } = useLingui();
  // The seller panel shows only to a signed-in seller.
  const sellerId = session.value!.id;
  const id = encodeURIComponent(sellerId);
  const storefront = useApiGet(
    (options) => server.sellers[':id'].$get({ param: { id } }, options),
    [id],
    t`Failed to load your storefront`,
    {
      live: true,
    },
  );
  const history = useApiGet(
    (options) => server.sellers[':id'].profile.history.$get({ param: { id } }, options),
    [id],
    t`Failed to load your storefront’s versions`,
  );
  const [editing, setEditing] = useState(false);
  // Opening the form again on the latest version gives it a new key: its fields are filled afresh.
  const [opened, setOpened] = useState(0);

  useLiveEvent('storefront.changed', (changed) => {
    if (changed.id !== sellerId) return;
    storefront.update(() => changed);
    void history.reload();
  });

  async function loadLatest() {
    await storefront.reload();
    setOpened((n) => n + 1);
  }

  async function saved(position: number) {
    await Promise.all([storefront.reload(position), history.reload(position)]);
    setEditing(false);
  }

  const earlierCount = (history.data?.items.length ?? 1) - 1;
  return (
    <section id="storefront" aria-labelledby="storefront-title" className={className}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="storefront-title" className="text-xl font-semibold">
            <Trans>Your Storefront</Trans>
          </h2>
          <p className="text-base-content/80">
            <Trans>Buyers who open “Sold by” on your products see this page.</Trans>
          </p>
        </div>
        <Link href={storefrontPath(sellerId)} className="link inline-flex items-center gap-1 font-medium">
          <Trans>View your storefront</Trans> <span aria-hidden="true">→</span>
        </Link>
      </div>
      {storefront.loading ? (
        <Skeleton className="h-40 rounded-box" />
      ) : storefront.failed ? (
        <LoadFailed what={t`your storefront`} onRetry={() => void storefront.reload()} />
      ) : editing ? (
        <StorefrontForm
          key={opened}
          storefront={storefront.data!}
          onSaved={saved}
          onCancel={() => setEditing(false)}
          onLoadLatest={() => void loadLatest()}
        />
      ) : (
        <StorefrontSummary storefront={storefront.data!} onEdit={() => setEditing(true)} />
      )}
      {history.data && history.data.items.length > 1 && (
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">
            <Trans>Earlier versions ({earlierCount})</Trans>
          </summary>
          <ol className="mt-2 space-y-3">
            {history.data.items.slice(1).map((version) => (
              <li key={version.version} className="rounded-box border border-base-300 p-3 text-sm">
                <p className="font-medium">
                  <VersionLine version={version.version} byAdmin={version.editedBy === 'admin'} at={version.at} />
                </p>
                <p className="mt-1 text-base-content/80" dir="auto">
                  {[version.displayName, version.region, version.craft].filter(Boolean).join(' · ')}
                </p>
                {version.story && (
                  <p
                    className="mt-1 line-clamp-2 whitespace-pre-line text-base-content/80"
                    title={version.story}
                    dir="auto"
                  >
                    {version.story}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/** "Version 3, edited by an admin, 5 Mar 2025, 4:30 pm" */
function VersionLine({ version, byAdmin, at }: { version: number; byAdmin: boolean; at: string }) {
  const when = formatDateTime(at);
  return byAdmin ? (
    <Trans>
      Version {version}, edited by an admin, {when}
    </Trans>
  ) : (
    <Trans>
      Version {version}, by you, {when}
    </Trans>
  );
}

function StorefrontSummary({ storefront, onEdit }: { storefront: SellerStorefront; onEdit: () => void }) {
  const { t } = useLingui();
  const { displayName, region, craft, story, status, version } = storefront;
  const updated = formatDateTime(storefront.updatedAt);
  const place = [region, craft].filter(Boolean).join(' · ');
  return (
    <div className="card border border-base-300 p-6">
      {status === 'suspended' && (
        <p role="note" className="alert alert-warning mb-4 text-sm">
          <Trans>
            Your account is suspended: buyers cannot see your storefront, and you cannot edit it until an admin
            reinstates you.
          </Trans>
        </p>
      )}
      <p className="text-lg font-semibold" dir="auto">
        {displayName}
      </p>
      <p className="mt-1 text-base-content/80" dir="auto">
        {place || t`No region or craft given yet`}
      </p>
      <p className="mt-3 whitespace-pre-line" dir="auto">
        {story ?? t`Tell buyers who you are and how you work: add your story.`}
      </p>
      <p className="mt-3 text-sm text-base-content/80">
        {version === 0 ? t`Not edited yet: buyers see your account name.` : t`Version ${version}, updated ${updated}`}
      </p>
      <div className="mt-4">
        <button
          type="button"
          className="btn btn-outline btn-primary"
          disabled={status === 'suspended'}
          onClick={onEdit}
        >
          <Icon name="pencil" className="size-4" /> <Trans>Edit Storefront</Trans>
        </button>
      </div>
    </div>
  );
}
