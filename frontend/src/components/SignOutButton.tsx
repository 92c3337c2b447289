import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { signOut } from '../state/session.ts';
import { toast } from '../state/toasts.ts';

export function SignOutButton({ className, onSignedOut }: { className: string; onSignedOut?: () => void }) {
  const [, navigate] = useLocation();
  const { t } = useLingui();

  async function click() {
    try {
      await signOut();
      onSignedOut?.();
      navigate('/');
      // After the move home, which dismisses the toasts of the page left.
      toast({ title: t`Signed out successfully`, description: t`Come back soon!` });
    } catch (error) {
      toast({ title: t`Error signing out`, description: (error as Error).message, tone: 'error' });
    }
  }

  return (
    <button type="button" className={className} onClick={click}>
      <Trans>Sign Out</Trans>
    </button>
  );
}
