import { useSignals } from '@preact/signals-react/runtime';
import { CountLink } from '../../components/CountLink.tsx';
import { threads } from './threads.ts';

/** The header's way to the conversations, with the unread messages as a badge. */
export function MessagesLink() {
  useSignals();
  return (
    <CountLink
      href="/messages"
      icon="mail"
      name="Messages"
      count={threads.value.unread}
      noun="unread message"
      size="sm"
      title="Messages"
    />
  );
}
