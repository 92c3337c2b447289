import { Trans } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react';

/**
 * Modals on the native <dialog> (focus stays inside, Escape closes it). Mount one to open
 * it: the focus starts on its safe button and goes back to where it was when it closes.
 */
function useModal(): { dialog: RefObject<HTMLDialogElement | null>; firstFocus: RefObject<HTMLButtonElement | null> } {
  const dialog = useRef<HTMLDialogElement>(null);
  const firstFocus = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    firstFocus.current?.focus();
    return () => {
      // Closed first: while the dialog is modal, the rest of the page cannot take the focus.
      element.close();
      opener?.focus();
    };
  }, []);

  return { dialog, firstFocus };
}

interface ConfirmDialogProps {
  title: string;
  /** The question, and any fields the confirmation needs (they are read on confirm). */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** A destructive action gets the error colour. */
  destructive?: boolean;
  onConfirm: (form: FormData) => void;
  onClose: () => void;
}

/** A modal confirmation: the focus starts on the safe choice (Keep it); Escape closes it unless the action is under way. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, busyLabel, busy, destructive = false, onConfirm, onClose } = props;
  const { dialog, firstFocus } = useModal();
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(new FormData(event.currentTarget));
  }

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className="modal-box" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <div id={`${id}-body`} className="mt-3">
          {children}
        </div>
        <div className="modal-action">
          <button ref={firstFocus} type="button" className="btn btn-ghost" disabled={busy} onClick={onClose}>
            <Trans>Keep it</Trans>
          </button>
          <button type="submit" className={`btn ${destructive ? 'btn-error' : 'btn-primary'}`} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A modal that shows something, with an optional way on (`action`, a link) beside Close: the focus starts on Close. */
export function InfoDialog({
  title,
  children,
  onClose,
  action,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  action?: ReactNode;
}) {
  const { dialog, firstFocus } = useModal();
  const id = useId();

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box max-w-2xl">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
        <div className="modal-action">
          <button ref={firstFocus} type="button" className="btn" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
          {action}
        </div>
      </div>
    </dialog>
  );
}
