/** Help requests as the SPA reads and sends them (GET/POST /api/help-requests...). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { HELP_REASON_LABELS, type HelpReason } from '../../../../domain/dispute/events.ts';
import { parseRupees } from '../../../../domain/money.ts';
import { type Data, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { domainText } from '../../i18n/domain-text.ts';
import { useLiveEvent } from '../../state/live.ts';

export type HelpRequest = Data<(typeof server)['help-requests'][':id']['$get']>;

/** What went wrong, in the language on screen (the domain names it, and the server catalog has it: mails say it too). */
export const reasonLabel = (reason: HelpReason): string => domainText(HELP_REASON_LABELS[reason]);

export const STATUS_LABELS: Readonly<Record<HelpRequest['status'], MessageDescriptor>> = {
  open: msg`Waiting for the seller`,
  answered: msg`The seller answered`,
  resolved: msg`Resolved by the seller`,
  escalated: msg`With MIBI`,
  decided: msg`Decided by MIBI`,
};

export const STEP_LABELS: Readonly<Record<HelpRequest['steps'][number]['kind'], MessageDescriptor>> = {
  requested: msg`Asked for help`,
  answered: msg`The seller answered`,
  resolved: msg`The seller resolved it`,
  escalated: msg`Asked MIBI to decide`,
  decided: msg`MIBI decided`,
};

/** The signed-in user's help requests (as buyer and as seller), newest first; read again when one of them changes. */
export function useHelpRequests() {
  const { t } = useLingui();
  const helps = useApiGet(
    (options) => server['help-requests'].$get({}, options),
    [],
    t`Could not load your help requests`,
    { live: true },
  );
  useLiveEvent('help.changed', () => void helps.reload());
  useLiveEvent('seller-help.changed', () => void helps.reload());
  return helps;
}

/** The latest help request of a seller order, if any. */
export const latestOf = (items: readonly HelpRequest[], sellerOrderId: string): HelpRequest | undefined =>
  items.find((help) => help.sellerOrderId === sellerOrderId);

/** Whether the buyer may take it to MIBI at `now`: once answered or resolved, or after the seller's 48 hours. */
export const mayEscalate = (help: HelpRequest, now: number): boolean =>
  help.status === 'answered' ||
  help.status === 'resolved' ||
  (help.status === 'open' && now >= Date.parse(help.answerBy));

/** A rupee amount typed in a form, as the API's paise; undefined when blank or not an amount (the schema says so). */
export const paiseOf = (rupees: FormDataEntryValue | null): number | undefined =>
  typeof rupees === 'string' && rupees.trim() !== '' ? (parseRupees(rupees) ?? Number.NaN) : undefined;
