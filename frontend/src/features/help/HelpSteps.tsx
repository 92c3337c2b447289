import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatPrice } from '../../format.ts';
import { type HelpRequest, STEP_LABELS } from './helpRequests.ts';

const WHO = { buyer: msg`Buyer`, seller: msg`Seller`, mibi: msg`MIBI` } as const;

/** Every step of a help request, oldest first: who, when, their words and what it gave back. */
export function HelpSteps({ help }: { help: HelpRequest }) {
  const { t } = useLingui();
  return (
    <ol className="mt-2 space-y-2 text-sm" aria-label={t`Steps of the help request`}>
      {help.steps.map((step) => (
        <li key={`${step.kind}-${step.at}`} className="rounded-box bg-base-200 p-2">
          <p className="font-medium">
            {t(STEP_LABELS[step.kind])} · {t(WHO[step.by])} ·{' '}
            <time dateTime={step.at} className="font-normal">
              {formatDateTime(step.at)}
            </time>
          </p>
          <p className="whitespace-pre-wrap break-words" dir="auto">
            {step.text}
          </p>
          {step.refundPaise !== null && <Refund paise={step.refundPaise} />}
        </li>
      ))}
    </ol>
  );
}

function Refund({ paise }: { paise: number }) {
  const amount = formatPrice(paise);
  return (
    <p>
      <Trans>Refund: {amount}</Trans>
    </p>
  );
}
