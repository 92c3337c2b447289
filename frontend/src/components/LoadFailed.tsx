import { Trans } from '@lingui/react/macro';
import { Alert } from './Alert.tsx';

/** In place of a list that could not be loaded (the error toast has said why): a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <span>
        <Trans>We could not load {what}.</Trans>
      </span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </Alert>
  );
}
