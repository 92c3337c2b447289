import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

/**
 * A textarea and a select laid out like components/Field.tsx: a label above, the error
 * below on a line that is always reserved, linked to the control.
 */
interface LabelledProps {
  label: string;
  error: string | undefined;
  className: string | undefined;
  /** The control, given its id and the id of the error text when there is one. */
  control: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

function Labelled({ label, error, className = '', control }: LabelledProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {control({ id, describedBy: error ? errorId : undefined })}
      <p id={errorId} className="min-h-5 pt-0.5 text-sm text-error">
        {error}
      </p>
    </div>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string | undefined;
}

export function TextAreaField({ label, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Labelled
      label={label}
      error={error}
      className={className}
      control={({ id, describedBy }) => (
        <textarea
          id={id}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...textarea}
        />
      )}
    />
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  error?: string | undefined;
}

export function SelectField({ label, error, className, children, ...select }: SelectFieldProps) {
  return (
    <Labelled
      label={label}
      error={error}
      className={className}
      control={({ id, describedBy }) => (
        <select
          id={id}
          className={`select w-full ${error ? 'select-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...select}
        >
          {children}
        </select>
      )}
    />
  );
}
