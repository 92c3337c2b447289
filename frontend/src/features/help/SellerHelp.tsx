import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { HELP_RESOLUTIONS, type HelpResolution } from '../../../../domain/dispute/events.ts';
import { helpAnswerSchema, helpResolutionSchema } from '../../../../domain/dispute/schemas.ts';
import { MAX_MESSAGE_LENGTH } from '../../../../domain/conversation/schemas.ts';
import { call, server } from '../../api/client.ts';
import { ChoiceField, Field, TextAreaField } from '../../components/Field.tsx';
import { formatDateTime } from '../../format.ts';
import { useForm } from '../../forms.ts';
import { HelpSteps } from './HelpSteps.tsx';
import { type HelpRequest, STATUS_LABELS, latestOf, paiseOf, reasonLabel, useHelpRequests } from './helpRequests.ts';

const RESOLUTION_LABELS: Readonly<Record<HelpResolution, MessageDescriptor>> = {
  refund: msg`Refund (in full or in part)`,
  replacement: msg`Send a replacement`,
  return: msg`Take it back (the buyer asks for the return)`,
};

/**
 * A seller order's help request on the seller's incoming order: the buyer's request, the
 * deadline to answer, every step; while it is theirs to act on, Answer and Resolve.
 */
export function SellerHelp({ sellerOrderId }: { sellerOrderId: string }) {
  const { t } = useLingui();
  const helps = useHelpRequests();
  const help = latestOf(helps.data?.items ?? [], sellerOrderId);
  const headingId = useId();
  if (!help) return null;
  const actionable = help.status === 'open' || help.status === 'answered';
  const reason = reasonLabel(help.reason);
  const answerBy = help.answerBy;
  const deadline = formatDateTime(answerBy);
  return (
    <section aria-labelledby={headingId} className="mt-2 rounded-box border border-warning p-3">
      <h4 id={headingId} className="font-semibold">
        <Trans>Help request: {reason}</Trans>{' '}
        <span className="badge badge-outline ml-1">{t(STATUS_LABELS[help.status])}</span>
      </h4>
      {actionable && (
        <p className="text-sm">
          <Trans>
            Answer or resolve by <time dateTime={answerBy}>{deadline}</time>; after that the buyer can ask MIBI to
            decide.
          </Trans>
        </p>
      )}
      {help.status === 'escalated' && (
        <p className="text-sm">
          <Trans>MIBI is deciding. Your earning on this order is held until then.</Trans>
        </p>
      )}
      {help.images.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t`The buyer's photos`}>
          {help.images.map((image) => (
            <li key={image.id}>
              <a href={image.url} target="_blank" rel="noreferrer">
                <img
                  src={image.sizes[0]?.url ?? image.url}
                  alt={t`The buyer's photo`}
                  width={64}
                  height={64}
                  className="size-16 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <HelpSteps help={help} />
      {actionable && <SellerActions help={help} onDone={(position) => helps.reload(position)} />}
    </section>
  );
}

function SellerActions({ help, onDone }: { help: HelpRequest; onDone: (position: number) => void }) {
  const { t } = useLingui();
  const [action, setAction] = useState<'answer' | 'resolve' | null>(null);
  const param = { id: encodeURIComponent(help.id) };
  const answer = useForm(
    helpAnswerSchema,
    async (values) => {
      const { position } = await call(server['help-requests'][':id'].answer.$post({ param, json: values }));
      setAction(null);
      onDone(position);
    },
    t`Could not send your answer`,
  );
  const [amount, setAmount] = useState('');
  const resolve = useForm(
    helpResolutionSchema,
    async (values) => {
      const { position } = await call(server['help-requests'][':id'].resolve.$post({ param, json: values }));
      setAction(null);
      onDone(position);
    },
    t`Could not resolve the help request`,
    () => ({ amountPaise: paiseOf(amount) }),
  );
  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setAction('answer')}>
          <Trans>Answer</Trans>
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setAction('resolve')}>
          <Trans>Resolve</Trans>
        </button>
      </div>
      {action === 'answer' && (
        <form
          noValidate
          aria-label={t`Answer the buyer`}
          onSubmit={(event: FormEvent<HTMLFormElement>) => void answer.onSubmit(event)}
          className="mt-2"
        >
          <TextAreaField
            label={t`Your answer`}
            name="text"
            rows={2}
            maxLength={MAX_MESSAGE_LENGTH}
            error={answer.errors.text}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={answer.busy}>
            <Trans>Send answer</Trans>
          </button>
        </form>
      )}
      {action === 'resolve' && (
        <form
          noValidate
          aria-label={t`Resolve the help request`}
          onSubmit={(event: FormEvent<HTMLFormElement>) => void resolve.onSubmit(event)}
          className="mt-2 space-y-2"
        >
          <ChoiceField
            label={t`How you resolve it`}
            name="resolution"
            choices={HELP_RESOLUTIONS}
            labelOf={(resolution) => t(RESOLUTION_LABELS[resolution])}
            error={resolve.errors.resolution}
          />
          <Field
            label={t`Refund amount (₹), for a refund`}
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={resolve.errors.amountPaise}
          />
          <TextAreaField
            label={t`Note to the buyer`}
            name="text"
            rows={2}
            maxLength={MAX_MESSAGE_LENGTH}
            error={resolve.errors.text}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={resolve.busy}>
            <Trans>Resolve</Trans>
          </button>
        </form>
      )}
    </div>
  );
}
