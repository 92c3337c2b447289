import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { BUYER_NOTICES, type NoticeKind, SELLER_NOTICES } from '../../../../domain/notification/notices.ts';
import { call, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import type { User } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { noticeMailLabel } from './noticeMails.ts';

/** The account page's choice of notice mails: one box per kind of the user's roles; the notices always come in the app. */
export function MailChoices({ user }: { user: User }) {
  const { t } = useLingui();
  const choices = useApiGet(
    (options) => server.auth['mail-choices'].$get({}, options),
    [],
    t`Failed to load your mail choices`,
  );
  const [muted, setMuted] = useState<ReadonlySet<NoticeKind>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (choices.data) setMuted(new Set(choices.data.muted));
  }, [choices.data]);

  const groups = [
    ...(user.roles.includes('buyer') ? [{ legend: t`As a buyer`, kinds: BUYER_NOTICES }] : []),
    ...(user.roles.includes('seller') ? [{ legend: t`As a seller`, kinds: SELLER_NOTICES }] : []),
  ];

  function toggle(kind: NoticeKind, mailed: boolean) {
    const next = new Set(muted);
    if (mailed) next.delete(kind);
    else next.add(kind);
    setMuted(next);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await call(server.auth['mail-choices'].$put({ json: { muted: [...muted] } }));
      choices.update(() => ({ muted: saved.muted }));
      toast({ title: t`Mail choices saved` });
    } catch (error) {
      toast({ title: t`Could not save your mail choices`, description: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="mails-heading">
      <h2 id="mails-heading" className="mb-1 text-lg font-semibold">
        <Trans>E-mails</Trans>
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        <Trans>Choose which notices also come by e-mail. You always find them in the app.</Trans>
      </p>
      {choices.loading ? (
        <Skeleton className="h-40 rounded-box" />
      ) : choices.failed ? (
        <LoadFailed what={t`your mail choices`} onRetry={() => void choices.reload()} />
      ) : groups.length === 0 ? (
        <p className="text-sm">
          <Trans>Buyers and sellers choose their notice mails here.</Trans>
        </p>
      ) : (
        <form onSubmit={save} noValidate className="space-y-4">
          {groups.map(({ legend, kinds }) => (
            <fieldset key={legend} className="space-y-2">
              <legend className="mb-1 font-medium">{legend}</legend>
              {kinds.map((kind) => (
                <label key={kind} className="flex cursor-pointer items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={!muted.has(kind)}
                    onChange={(event) => toggle(kind, event.target.checked)}
                  />
                  {noticeMailLabel(kind)}
                </label>
              ))}
            </fieldset>
          ))}
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {busy ? t`Saving...` : t`Save mail choices`}
          </button>
        </form>
      )}
    </section>
  );
}
