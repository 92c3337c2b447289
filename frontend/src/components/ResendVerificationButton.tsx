import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { call, server } from '../api/client.ts';
import { toast } from '../state/toasts.ts';

/** Mails the signed-in user a new verification link (a few per 15 minutes; the server says when to try again). */
export function ResendVerificationButton({ className = 'btn btn-sm' }: { className?: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const { message } = await call(server.auth['verify-email'].resend.$post());
      toast({ title: t`Verification e-mail sent`, description: message });
    } catch (error) {
      toast({ title: t`Error sending the e-mail`, description: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={className} onClick={resend} disabled={busy}>
      {busy ? t`Sending...` : t`Resend verification e-mail`}
    </button>
  );
}
