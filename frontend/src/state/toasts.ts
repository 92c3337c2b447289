import { signal } from '@preact/signals-react';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

/** How long a toast stays; it can be dismissed earlier. */
const TOAST_MS = 5000;

/** The most toasts on screen at once: a new one pushes the oldest out. */
export const MAX_TOASTS = 3;

/** The toasts on screen, oldest first (rendered by components/Toasts.tsx). */
export const toasts = signal<Toast[]>([]);

let nextId = 1;

/** Shows a toast: a title and an optional description, as in the spec's catalogue (section 8). Gives its id, to dismiss it early. */
export function toast({
  title,
  description,
  tone = 'success',
}: {
  title: string;
  description?: string;
  tone?: ToastTone;
}): number {
  const id = nextId++;
  toasts.value = [...toasts.value, { id, title, ...(description && { description }), tone }].slice(-MAX_TOASTS);
  setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}

export function dismissToast(id: number): void {
  toasts.value = toasts.value.filter((shown) => shown.id !== id);
}

/**
 * Moving to another page (a link, Back or Forward) dismisses the toasts of the page left; a
 * redirect (history.replaceState) keeps them, as they tell what led to it ("Welcome back!"
 * on the way home). Toasts shown after the move stay. wouter announces its pushState and
 * replaceState calls as events of those names (it patches `history` for that).
 */
function followPages(): void {
  let page = location.pathname;
  const moved = () => {
    if (location.pathname === page) return;
    page = location.pathname;
    if (toasts.value.length > 0) toasts.value = [];
  };
  addEventListener('pushState', moved);
  addEventListener('popstate', moved);
  addEventListener('replaceState', () => {
    page = location.pathname;
  });
}

if (typeof window !== 'undefined') followPages();
