import type { ReactNode } from 'react';
import type { ToastTone } from '../state/toasts.ts';

const TONE_CLASS: Record<ToastTone, string> = {
  success: 'alert-success',
  error: 'alert-error',
  info: 'alert-info',
};

/** A daisyUI alert. Errors are announced at once (role="alert"), the others politely. */
export function Alert({
  tone,
  className = '',
  children,
}: {
  tone: ToastTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert ${TONE_CLASS[tone]} ${className}`}>
      {children}
    </div>
  );
}
