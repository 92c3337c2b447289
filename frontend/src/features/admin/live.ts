import { useEffect, useEffectEvent, useRef } from 'react';
import { type LiveEvents, subscribeLive } from '../../state/live.ts';

/** The admins' live events: which product, purchase or seller's balance changed, and no more. */
type AdminEvents = Pick<LiveEvents, 'admin.product.changed' | 'admin.order.changed' | 'admin.balance.changed'>;
type AdminEvent = keyof AdminEvents;

/** For each event a screen follows, whether a change concerns what it shows. */
export type Concerns = { [E in AdminEvent]?: (data: AdminEvents[E]) => boolean };

/** Every change concerns the screen. */
export const always = (): boolean => true;

/** A burst of changes (a checkout moves several products) costs one fetch. */
const BURST_MS = 300;

/**
 * Fetches a console screen again when the live feed tells the admins of a change that
 * `concerns` it: once, shortly after the first change of a burst.
 */
export function useLiveReload(reload: () => unknown, concerns: Concerns): void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onEvent = useEffectEvent((event: AdminEvent, data: AdminEvents[AdminEvent]) => {
    const concerned = concerns[event] as ((data: AdminEvents[AdminEvent]) => boolean) | undefined;
    if (timer.current !== undefined || !concerned?.(data)) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void reload();
    }, BURST_MS);
  });
  const events = Object.keys(concerns).sort().join(' ');
  useEffect(() => {
    const stops = (events.split(' ') as AdminEvent[]).map((event) =>
      subscribeLive(event, (data) => onEvent(event, data)),
    );
    return () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      for (const stop of stops) stop();
    };
  }, [events]);
}
