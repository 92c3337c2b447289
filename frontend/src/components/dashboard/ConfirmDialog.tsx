import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';

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

/**
 * A modal confirmation (native <dialog>, so focus stays inside and Escape closes it). Mount
 * it to open it: focus starts on the safe choice (Keep it) and goes back to where
 * it was when it closes.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, busyLabel, busy, destructive = false, onConfirm, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const dismiss = useRef<HTMLButtonElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    dismiss.current?.focus();
    return () => {
      // Closed first: while the dialog is modal, the rest of the page cannot take the focus.
      element.close();
      opener?.focus();
    };
  }, []);

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
          <button ref={dismiss} type="button" className="btn btn-ghost" disabled={busy} onClick={onClose}>
            Keep it
          </button>
          <button type="submit" className={`btn ${destructive ? 'btn-error' : 'btn-primary'}`} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
