import { useLingui } from '@lingui/react/macro';
import {
  type ComponentProps,
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

/** What every field takes besides its control's own attributes. */
interface FieldOf {
  label: string;
  name: string;
  /** Shown under the control and linked to it. */
  error?: string | undefined;
  /** The error is one of the spec's alerts: announced as it appears. */
  alert?: boolean | undefined;
  className?: string | undefined;
}

/** A field's control, given its label's id and error link, its own attributes and the error. */
type Control<A> = (
  labelled: ControlProps,
  attributes: Omit<A & FieldOf, 'label' | 'error' | 'alert' | 'className'>,
  error: string | undefined,
) => ReactNode;

/**
 * A kind of field: the label above the control, the error below it on a line that is always
 * reserved (so the form does not jump), linked to the control. The kinds: an input (`Field`,
 * `PasswordField`), a `TextAreaField` and a `SelectField`.
 */
function fieldOf<A>(control: Control<A>) {
  return function Labelled({ label, error, alert, className = '', ...attributes }: A & FieldOf) {
    const id = useId();
    const errorId = `${id}-error`;
    return (
      <div className={className}>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        {control(
          { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined },
          attributes,
          error,
        )}
        <p id={errorId} role={alert && error ? 'alert' : undefined} className="min-h-5 pt-0.5 text-sm text-error">
          {error}
        </p>
      </div>
    );
  };
}

/** A labelled input with its error text; `trailing` is a control inside the input box, after the text (the password toggle). */
export const Field = fieldOf<InputHTMLAttributes<HTMLInputElement> & { trailing?: ReactNode }>(
  (labelled, { trailing, ...input }, error) => (
    <div className={`input w-full ${error ? 'input-error' : ''}`}>
      <input {...labelled} className="grow" {...input} />
      {trailing}
    </div>
  ),
);

type FieldProps = Parameters<typeof Field>[0];

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-square -mr-1"
          aria-label={t`Show password`}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          <Icon name={shown ? 'eyeOff' : 'eye'} className="size-4" />
        </button>
      }
    />
  );
}

export const TextAreaField = fieldOf<TextareaHTMLAttributes<HTMLTextAreaElement>>((labelled, textarea, error) => (
  <textarea {...labelled} className={`textarea w-full ${error ? 'textarea-error' : ''}`} {...textarea} />
));

export const SelectField = fieldOf<SelectHTMLAttributes<HTMLSelectElement>>((labelled, select, error) => (
  <select {...labelled} className={`select w-full ${error ? 'select-error' : ''}`} {...select} />
));

/** A SelectField of codes, blank ("Choose one") until one is chosen (unless given a `value` or `defaultValue`), each shown by its label. */
export function ChoiceField<C extends string>({
  choices,
  labelOf,
  ...field
}: Omit<ComponentProps<typeof SelectField>, 'children'> & {
  choices: readonly C[];
  labelOf: (choice: C) => string;
}) {
  return (
    <SelectField {...('value' in field ? {} : { defaultValue: '' })} {...field}>
      <option value="" disabled>
        Choose one
      </option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labelOf(choice)}
        </option>
      ))}
    </SelectField>
  );
}
