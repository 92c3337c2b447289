import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { HELP_REASONS } from '../../../../domain/dispute/events.ts';
import { askForHelpSchema, escalateSchema } from '../../../../domain/dispute/schemas.ts';
import { MAX_MESSAGE_LENGTH } from '../../../../domain/conversation/schemas.ts';
import { call, server } from '../../api/client.ts';
import { ChoiceField, TextAreaField } from '../../components/Field.tsx';
import { formatDateTime } from '../../format.ts';
import { useForm } from '../../forms.ts';
import { toast } from '../../state/toasts.ts';
import { AttachedPhotos, AttachPhotoButton, useThreadAttachments } from '../messages/ThreadAttachments.tsx';
import { HelpSteps } from './HelpSteps.tsx';
import {
  type HelpRequest,
  STATUS_LABELS,
  latestOf,
  mayEscalate,
  reasonLabel,
  useHelpRequests,
} from './helpRequests.ts';

/**
 * The buyer's help with one seller order: "Get help" (what went wrong, their words, photos),
 * then the request's state with the seller's deadline and every step, and "Ask MIBI to decide"
 * once the server allows it.
 */
export function GetHelp({ sellerOrderId, status }: { sellerOrderId: string; status: string }) {
  const helps = useHelpRequests();
  const [asking, setAsking] = useState(false);
  const help = latestOf(helps.data?.items ?? [], sellerOrderId);
  const open = help !== undefined && help.status !== 'resolved' && help.status !== 'decided';
  const reload = (position: number) => {
    setAsking(false);
    helps.reload(position);
  };
  return (
    <div className="mt-2">
      {help && <HelpState help={help} onChange={reload} />}
      {!open && (status === 'shipped' || status === 'delivered') && !asking && (
        <button type="button" className="btn btn-outline btn-sm mt-2" onClick={() => setAsking(true)}>
          <Trans>Get help</Trans>
        </button>
      )}
      {asking && <AskForm sellerOrderId={sellerOrderId} onAsked={reload} onCancel={() => setAsking(false)} />}
    </div>
  );
}

function HelpState({ help, onChange }: { help: HelpRequest; onChange: (position: number) => void }) {
  const { t } = useLingui();
  const headingId = useId();
  const [escalating, setEscalating] = useState(false);
  const reason = reasonLabel(help.reason);
  const answerBy = help.answerBy;
  const deadline = formatDateTime(answerBy);
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-warning p-3">
      <h4 id={headingId} className="font-semibold">
        <Trans>Help request: {reason}</Trans>{' '}
        <span className="badge badge-outline ml-1">{t(STATUS_LABELS[help.status])}</span>
      </h4>
      {help.status === 'open' && (
        <p className="text-sm">
          <Trans>
            The seller answers by <time dateTime={answerBy}>{deadline}</time>; after that you can ask MIBI to decide.
          </Trans>
        </p>
      )}
      <HelpSteps help={help} />
      {mayEscalate(help, Date.now()) && !escalating && (
        <button type="button" className="btn btn-outline btn-sm mt-2" onClick={() => setEscalating(true)}>
          <Trans>Ask MIBI to decide</Trans>
        </button>
      )}
      {escalating && <EscalateForm help={help} onDone={onChange} />}
    </section>
  );
}

function EscalateForm({ help, onDone }: { help: HelpRequest; onDone: (position: number) => void }) {
  const { t } = useLingui();
  const { errors, busy, onSubmit } = useForm(
    escalateSchema,
    async (values) => {
      const param = { id: encodeURIComponent(help.id) };
      const { position } = await call(server['help-requests'][':id'].escalate.$post({ param, json: values }));
      onDone(position);
    },
    t`Could not ask MIBI`,
  );
  return (
    <form noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)} className="mt-2">
      <TextAreaField
        label={t`Why you need MIBI`}
        name="text"
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        error={errors.text}
      />
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        <Trans>Send to MIBI</Trans>
      </button>
    </form>
  );
}

function AskForm({
  sellerOrderId,
  onAsked,
  onCancel,
}: {
  sellerOrderId: string;
  onAsked: (position: number) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const attachments = useThreadAttachments(sellerOrderId);
  const { errors, busy, onSubmit } = useForm(
    askForHelpSchema,
    async (values) => {
      const { position } = await call(server['help-requests'].$post({ json: { ...values, sellerOrderId } }));
      toast({ title: t`Your help request is sent to the seller`, tone: 'success' });
      onAsked(position);
    },
    t`Could not send your help request`,
    () => ({ images: attachments.images.map((image) => image.id) }),
  );

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
      className="mt-2 space-y-2 rounded-box border border-base-300 p-3"
      aria-label={t`Get help`}
    >
      <ChoiceField
        label={t`What went wrong`}
        name="reason"
        choices={HELP_REASONS}
        labelOf={reasonLabel}
        error={errors.reason}
      />
      <TextAreaField label={t`What happened`} name="text" rows={3} maxLength={MAX_MESSAGE_LENGTH} error={errors.text} />
      <AttachedPhotos attachments={attachments} error={errors.images} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || attachments.uploading}>
          <Trans>Send to seller</Trans>
        </button>
        <AttachPhotoButton attachments={attachments} />
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
