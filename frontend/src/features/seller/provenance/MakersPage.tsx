import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { toast } from '../../../state/toasts.ts';
import { MakerForm } from './MakerForm.tsx';
import { SellerPage } from './SellerPage.tsx';
import type { Maker } from './types.ts';
import { ARTISAN_ID_LABELS, MAKER_KIND_LABELS, clusterText } from '../../provenance/index.ts';

/** The maker being added ('new') or edited; null shows the list. */
type Editing = Maker | 'new' | null;

/** /seller/makers: the people and groups who make the seller's goods; products name them as their makers. */
export default function MakersPage() {
  const { t } = useLingui();
  return (
    <SellerPage
      title={t`Makers`}
      description={t`The artisans, family workshops, cooperatives and self-help groups who make your products. Buyers see them under “Made by”.`}
    >
      {(userId) => <Makers key={userId} />}
    </SellerPage>
  );
}

function Makers() {
  const { t } = useLingui();
  const makers = useApiGet((options) => server.seller.makers.$get({}, options), [], t`Failed to load your makers`);
  const [editing, setEditing] = useState<Editing>(null);

  async function saved(position: number) {
    await makers.reload(position);
    setEditing(null);
  }

  if (editing)
    return <MakerForm maker={editing === 'new' ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />;
  if (makers.loading) return <Skeleton className="h-40 rounded-box" />;
  if (makers.failed) return <LoadFailed what={t`your makers`} onRetry={() => void makers.reload()} />;
  const list = makers.data!;
  const add = (
    <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
      <Icon name="plus" className="size-4" /> <Trans>Add Maker</Trans>
    </button>
  );
  if (list.length === 0)
    return (
      <EmptyState
        title={t`No makers yet`}
        text={t`Add the people who make your products, then name them on each product.`}
      >
        {add}
      </EmptyState>
    );
  return (
    <section aria-label={t`Your makers`}>
      <div className="mb-4">{add}</div>
      <ul className="grid gap-4 md:grid-cols-2">
        {list.map((maker) => (
          <MakerCard
            key={maker.id}
            maker={maker}
            onEdit={() => setEditing(maker)}
            onRemoved={(position) => void makers.reload(position)}
          />
        ))}
      </ul>
    </section>
  );
}

function MakerCard({
  maker,
  onEdit,
  onRemoved,
}: {
  maker: Maker;
  onEdit: () => void;
  onRemoved: (position: number) => void;
}) {
  const { t } = useLingui();
  const nameId = useId();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);

  async function remove() {
    setRemoving(true);
    try {
      const { position } = await call(
        server.seller.makers[':id'].$delete({ param: { id: encodeURIComponent(maker.id) } }),
      );
      toast({
        title: t`Maker removed`,
        description: t`${ph({ makerName: maker.name })} is no longer among your makers.`,
      });
      onRemoved(position);
    } catch (error) {
      toast({ title: t`Error removing maker`, description: (error as Error).message, tone: 'error' });
      setRemoving(false);
    }
  }

  return (
    <li className="card border border-base-300 p-4">
      <h2 id={nameId} className="text-lg font-semibold" dir="auto">
        {maker.name}
      </h2>
      <p className="text-sm text-base-content/80">
        {t(MAKER_KIND_LABELS[maker.kind])} · <span dir="auto">{maker.craft}</span>
      </p>
      <p className="mt-1 flex items-center gap-1 text-sm">
        <Icon name="mapPin" className="size-4 shrink-0" /> <span dir="auto">{clusterText(maker.cluster)}</span>
      </p>
      {maker.artisanId && (
        <p className="mt-1 text-sm">
          {t(ARTISAN_ID_LABELS[maker.artisanId.kind])}:{' '}
          <span className="font-mono" translate="no">
            {maker.artisanId.masked}
          </span>
        </p>
      )}
      {maker.photo && (
        <p className="mt-1 text-sm text-base-content/80">
          <Trans>Photo added</Trans>
        </p>
      )}
      {maker.story && (
        <p className="mt-2 line-clamp-3 whitespace-pre-line text-sm" title={maker.story} dir="auto">
          {maker.story}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" aria-describedby={nameId} onClick={onEdit}>
          <Icon name="pencil" className="size-4" /> <Trans>Edit Maker</Trans>
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          aria-describedby={nameId}
          onClick={() => setConfirming(true)}
        >
          <Icon name="trash" className="size-4" /> <Trans>Remove Maker</Trans>
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t`Remove ${ph({ makerName: maker.name })}?`}
          confirmLabel={t`Remove Maker`}
          busyLabel={t`Removing...`}
          busy={removing}
          destructive
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        >
          <p>
            <Trans>
              You can no longer name them on a product. Products that name them now keep them in their history.
            </Trans>
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
