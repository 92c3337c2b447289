import { useEffect, useRef, useState } from 'react';
import { toast } from '../../state/toasts.ts';

/** An admin command: the request, and the toasts of its outcome. */
export interface Command {
  send: () => Promise<{ position: number }>;
  /** The toast when it worked: 'Seller verified', and what follows from it. */
  done: { title: string; description?: string };
  /** The title of the error toast, whose text is the server's message. */
  failed: string;
}

/** Sends `command` and says how it went in a toast. The log position it reached, or null when it failed. */
async function runCommand({ send, done, failed }: Command): Promise<number | null> {
  try {
    const { position } = await send();
    toast(done);
    return position;
  } catch (error) {
    toast({ title: failed, description: (error as Error).message, tone: 'error' });
    return null;
  }
}

/**
 * Commands on the items of a list. `run` marks the item busy, sends the command, then
 * refetches the list as it is once the server has taken the change in (`reload(position)`).
 * An item that left the list took the focused control with it: the focus then goes to
 * `heading` (give it tabIndex -1), once any dialog has closed.
 */
export function useListCommands(reload: (after: number) => Promise<void>, ids: readonly string[]) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const changed = useRef<string | null>(null);

  useEffect(() => {
    if (changed.current === null || document.querySelector('dialog[open]')) return;
    if (!ids.includes(changed.current)) heading.current?.focus();
    changed.current = null;
  });

  /** True when the command worked. */
  async function run(id: string, command: Command): Promise<boolean> {
    setBusyId(id);
    const position = await runCommand(command);
    if (position !== null) {
      await reload(position);
      changed.current = id;
    }
    setBusyId(null);
    return position !== null;
  }

  return { heading, busyId, run };
}
