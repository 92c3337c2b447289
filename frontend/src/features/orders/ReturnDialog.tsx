import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { multiply } from '../../../../domain/money.ts';
import { lineKey } from '../../../../domain/order/line-key.ts';
import { returnRefused } from '../../../../domain/order/returns.ts';
import { returnRequestSchema } from '../../../../domain/order/schemas.ts';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { LineVariant } from '../../components/LineVariant.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { ReasonField } from '../../components/ReasonField.tsx';
import { formatPrice } from '../../format.ts';
import { notReturnable, partLabel, requestReturn, returnableUnits, startingReturn } from './orders.ts';
import type { ReturnRules } from './returnPolicy.ts';
import type { Order, OrderPart, SellerOrderChange } from './types.ts';

type Line = Order['lines'][number];

interface ReturnDialogProps {
  part: OrderPart;
  /** The part's lines, as the purchase holds them. */
  lines: readonly Line[];
  rules: ReturnRules;
  onReturned: (result: SellerOrderChange) => void;
  onClose: () => void;
}

interface Problems {
  lines?: string | undefined;
  reason?: string | undefined;
  /** The server's refusal (window closed, category not returnable...). */
  refusal?: string | undefined;
}

/**
 * Return items: how many of each line to send back, and why. Checked with the API's schema,
 * then sent; the server's refusal (its window, its categories, units already asked back) is
 * shown in the dialog. Mount it to open it.
 */
export function ReturnDialog({ part, lines, rules, onReturned, onClose }: ReturnDialogProps) {
  const { t } = useLingui();
  const starting = startingReturn(part, lines, rules);
  const label = partLabel(part);
  const sellerName = part.sellerName;
  const [quantities, setQuantities] = useState<Record<string, number>>(starting.quantities);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const linesErrorId = useId();

  async function confirm(form: FormData) {
    const chosen = lines
      .map((line) => ({ lineKey: lineKey(line), quantity: quantities[lineKey(line)] ?? 0 }))
      .filter((line) => line.quantity > 0);
    const parsed = returnRequestSchema.safeParse({ lines: chosen, reason: form.get('reason') });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'reason' ? 'reason' : 'lines';
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      onReturned(await requestReturn(part, { lines: chosen, reason: parsed.data.reason }));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setProblems({ refusal: (error as Error).message, reason: fields.reason, lines: fields.lines });
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={t`Return items of order ${label}?`}
      confirmLabel={t`Ask for a return`}
      busyLabel={t`Sending...`}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        <Trans>
          Choose how many of each item to send back to {sellerName}, and tell them why. The seller accepts or rejects
          your request with a reason; the price of accepted items is refunded, the delivery charge is not.
        </Trans>
      </p>
      {problems.refusal && (
        <Alert tone="error" className="mt-3">
          {problems.refusal}
        </Alert>
      )}
      <fieldset className="mt-3" aria-describedby={problems.lines ? linesErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium">
          <Trans>Items to return</Trans>
        </legend>
        <ul className="divide-y divide-base-300">
          {lines.map((line) => {
            const left = returnableUnits(part, line, rules);
            const key = lineKey(line);
            const name = line.name;
            return (
              <li key={key} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 flex-1">
                  <span dir="auto">{name}</span>
                  <LineVariant label={line.variantLabel} />
                  <span className="block text-sm text-base-content/80">
                    {line.quantity} x {formatPrice(line.pricePaise)} ={' '}
                    {formatPrice(multiply(line.pricePaise, line.quantity))}
                  </span>
                </span>
                {notReturnable(part, line, rules) ? (
                  <span className="text-sm text-base-content/80">{notReturnable(part, line, rules)}</span>
                ) : left === 0 ? (
                  <span className="text-sm text-base-content/80">
                    {returnRefused(part.returns, key) ? (
                      <Trans>Return refused</Trans>
                    ) : (
                      <Trans>Already being returned</Trans>
                    )}
                  </span>
                ) : (
                  <QuantityStepper
                    label={t`Quantity of ${name} to return`}
                    value={quantities[key] ?? 0}
                    min={starting.least(key)}
                    max={left}
                    disabled={busy}
                    onChange={(quantity) => setQuantities((current) => ({ ...current, [key]: quantity }))}
                  />
                )}
              </li>
            );
          })}
        </ul>
        <p id={linesErrorId} className="min-h-5 pt-0.5 text-sm text-error">
          {problems.lines}
        </p>
      </fieldset>
      <ReasonField label={t`Reason for returning`} error={problems.reason} />
    </ConfirmDialog>
  );
}
