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

/** The toasts on screen, oldest first (rendered by components/Toasts.tsx). */
export const toasts = signal<Toast[]>([]);

let nextId = 1;

/** Shows a toast: a title and an optional description, as in the spec's catalogue (section 8). */
export function toast({ title, description, tone = 'success' }: { title: string; description?: string; tone?: ToastTone }): void {
  const id = nextId++;
  toasts.value = [...toasts.value, { id, title, ...(description && { description }), tone }];
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  toasts.value = toasts.value.filter((shown) => shown.id !== id);
}
