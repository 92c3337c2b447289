import { type FormEvent, useState } from 'react';
import type { ZodType } from 'zod';
import { fieldErrors } from '../../domain/fields.ts';
import { ApiError } from './api/client.ts';
import { toast } from './state/toasts.ts';

/** A message per field name (the first one found). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Submitting a form: reads its named fields, checks them with the zod schema shared with
 * the server (domain/), then calls `send`. Messages land per field, from the schema or
 * from the API's `fields`; a failed `send` also shows an error toast titled `failureTitle`.
 * Fields stay uncontrolled: nothing re-renders while the user types.
 */
export function useForm<T>(schema: ZodType<T>, send: (values: T) => Promise<void>, failureTitle: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast({ title: failureTitle, description: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return { errors, busy, onSubmit };
}
