import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Icon } from './Icon.tsx';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  /** Shown under the input and linked to it; the line is always reserved so the form does not jump. */
  error?: string | undefined;
  /** A control inside the input box, after the text (the password toggle). */
  trailing?: ReactNode;
}

/** A labelled input with its error text. */
export function Field({ label, error, trailing, className = '', ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className={`input w-full ${error ? 'input-error' : ''}`}>
        <input
          id={id}
          className="grow"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {trailing}
      </div>
      <p id={errorId} className="min-h-5 pt-0.5 text-sm text-error">
        {error}
      </p>
    </div>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-square -mr-1"
          aria-label="Show password"
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          <Icon name={shown ? 'eyeOff' : 'eye'} className="size-4" />
        </button>
      }
    />
  );
}
