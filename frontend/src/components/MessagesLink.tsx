import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { threads } from '../features/messages/index.ts';
import { CountLink } from './CountLink.tsx';

/** The header's way to the conversations, with the unread messages as a badge. */
export function MessagesLink() {
  useSignals();
  const { t } = useLingui();
  const count = threads.value.unread;
  return (
    <CountLink
      href="/messages"
      icon="mail"
      name={t`Messages`}
      count={count}
      counted={plural(count, { one: 'Messages, # unread message', other: 'Messages, # unread messages' })}
      size="sm"
      title={t`Messages`}
    />
  );
}
