import { formatDateTime, formatPrice } from '../../format.ts';
import { type HelpRequest, STEP_LABELS } from './helpRequests.ts';

const WHO = { buyer: 'Buyer', seller: 'Seller', mibi: 'MIBI' } as const;

/** Every step of a help request, oldest first: who, when, their words and what it gave back. */
export function HelpSteps({ help }: { help: HelpRequest }) {
  return (
    <ol className="mt-2 space-y-2 text-sm" aria-label="Steps of the help request">
      {help.steps.map((step) => (
        <li key={`${step.kind}-${step.at}`} className="rounded-box bg-base-200 p-2">
          <p className="font-medium">
            {STEP_LABELS[step.kind]} · {WHO[step.by]} ·{' '}
            <time dateTime={step.at} className="font-normal">
              {formatDateTime(step.at)}
            </time>
          </p>
          <p className="whitespace-pre-wrap break-words">{step.text}</p>
          {step.refundPaise !== null && <p>Refund: {formatPrice(step.refundPaise)}</p>}
        </li>
      ))}
    </ol>
  );
}
