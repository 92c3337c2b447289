import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { fieldErrors } from '../../domain/fields.ts';
import { ApiError } from './api/client.ts';
import { domainText } from './i18n/domain-text.ts';
import { dismissToast, toast } from './state/toasts.ts';

/** A message per field name (the first one found). */
export type FieldErrors = Partial<Record<string, string>>;

/** Whether `key` (a schema path, 'shippingAddress.city') names the input `name` ('city'). */
const names = (key: string, name: string) => key === name || key.endsWith(`.${name}`);

/** The first field of `form`, in the order shown, that is marked invalid or named by `errors`. */
export function firstInvalidField(form: HTMLFormElement, errors: FieldErrors): HTMLElement | null {
  const keys = Object.keys(errors).filter((key) => errors[key] !== undefined);
  for (const element of Array.from(form.elements) as Array<HTMLInputElement>) {
    if (element.disabled || element.type === 'hidden') continue;
    if (
      element.getAttribute('aria-invalid') === 'true' ||
      (element.name && keys.some((key) => names(key, element.name)))
    )
      return element;
  }
  return null;
}

/**
 * Focuses a field in error and brings it to the middle of the screen, its label above and its
 * message below in view (focus alone scrolls it just under the sticky header, or not at all).
 */
export function focusField(field: HTMLElement | null): void {
  field?.focus({ preventScroll: true });
  field?.scrollIntoView({ block: 'center', behavior: 'instant' });
}

/**
 * Submitting a form: reads its named fields, checks them with the zod schema shared with
 * the server (domain/), then calls `send`. Messages land per field, from the schema or
 * from the API's `fields`, and the first field in error takes the focus and comes into view
 * (`focusField`); a failed `send` also shows an error toast titled `failureTitle`.
 * Fields stay uncontrolled: nothing re-renders while the user types. `more` adds what the form
 * keeps in state rather than in inputs (a list of rows), checked with the rest.
 */
export function useForm<T>(
  schema: ZodType<T>,
  send: (values: T) => Promise<void>,
  failureTitle: string,
  more?: () => Record<string, unknown>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement | null>(null);
  // The error toast of the last failed send: a new attempt takes it away, so it never lingers on what follows a success.
  const failure = useRef<number | null>(null);

  // Each refusal sets new errors: once their messages are on screen, the first field in error takes the focus.
  useEffect(() => {
    if (form.current && Object.keys(errors).length > 0) focusField(firstInvalidField(form.current, errors));
  }, [errors]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.current = event.currentTarget;
    if (failure.current !== null) dismissToast(failure.current);
    failure.current = null;
    const parsed = schema.safeParse({ ...Object.fromEntries(new FormData(event.currentTarget)), ...more?.() });
    if (!parsed.success) {
      // The schema is the server's: its English messages, in the language on screen.
      setErrors(
        Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([key, text]) => [key, domainText(text)])),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      failure.current = toast({ title: failureTitle, description: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return { errors, busy, onSubmit };
}
