import { Alert } from './Alert.tsx';

/** In place of a list that could not be loaded (the error toast has said why): a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <span>We could not load {what}.</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}
