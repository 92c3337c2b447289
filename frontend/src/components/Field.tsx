import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { Icon } from './Icon.tsx';

/** What the control gets from its label: its id, and the link to the error text when there is one. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledProps {
  label: string;
  error: string | undefined;
  className: string | undefined;
  /** The control, given its label's id and error link. */
  control: (props: ControlProps) => ReactNode;
}

/**
 * What every field shares: the label above the control, the error below it on a line that
 * is always reserved (so the form does not jump), linked to the control. The fields:
 * an input (`Field`, `PasswordField`), a `TextAreaField` and a `SelectField`.
 */
function Labelled({ label, error, className = '', control }: LabelledProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      <p id={errorId} className="min-h-5 pt-0.5 text-sm text-error">
        {error}
      </p>
    </div>
  );
}

/** What every field takes besides its control's own attributes. */
interface FieldOf {
  label: string;
  name: string;
  /** Shown under the control and linked to it. */
  error?: string | undefined;
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> &
  FieldOf & {
    /** A control inside the input box, after the text (the password toggle). */
    trailing?: ReactNode;
  };

/** A labelled input with its error text. */
export function Field({ label, error, trailing, className, ...input }: FieldProps) {
  return (
    <Labelled
      label={label}
      error={error}
      className={className}
      control={(labelled) => (
        <div className={`input w-full ${error ? 'input-error' : ''}`}>
          <input {...labelled} className="grow" {...input} />
          {trailing}
        </div>
      )}
    />
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

export function TextAreaField({
  label,
  error,
  className,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldOf) {
  return (
    <Labelled
      label={label}
      error={error}
      className={className}
      control={(labelled) => (
        <textarea {...labelled} className={`textarea w-full ${error ? 'textarea-error' : ''}`} {...textarea} />
      )}
    />
  );
}

export function SelectField({
  label,
  error,
  className,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & FieldOf) {
  return (
    <Labelled
      label={label}
      error={error}
      className={className}
      control={(labelled) => (
        <select {...labelled} className={`select w-full ${error ? 'select-error' : ''}`} {...select}>
          {children}
        </select>
      )}
    />
  );
}
