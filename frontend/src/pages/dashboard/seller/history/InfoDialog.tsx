import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';

/**
 * A modal that only shows something (native <dialog>: focus stays inside, Escape closes it),
 * the counterpart of components/dashboard/ConfirmDialog.tsx. Mount it to open it: the focus
 * starts on Close and goes back to where it was when it closes.
 */
export function InfoDialog({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    close.current?.focus();
    return () => {
      element.close();
      opener?.focus();
    };
  }, []);

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
          <button ref={close} type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
