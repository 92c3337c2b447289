import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { dismissToast, toasts } from '../state/toasts.ts';
import { Alert } from './Alert.tsx';
import { Icon } from './Icon.tsx';

/** The toasts of state/toasts.ts, bottom right; errors in the destructive (red) style. */
export function Toasts() {
  useSignals();
  const { t } = useLingui();
  return (
    <div className="toast toast-end toast-bottom z-50 max-w-[calc(100vw-2rem)]" aria-live="polite">
      {toasts.value.map(({ id, title, description, tone }) => (
        <Alert key={id} tone={tone} className="w-80 max-w-full items-start shadow-lg">
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{title}</p>
            {description && <p className="text-sm">{description}</p>}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-square"
            aria-label={t`Dismiss`}
            onClick={() => dismissToast(id)}
          >
            <Icon name="close" className="size-4" />
          </button>
        </Alert>
      ))}
    </div>
  );
}
