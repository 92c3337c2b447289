import { TextAreaField } from './Field.tsx';

/** The longest reason the API takes (the domain schemas' limit). */
const MAX_REASON_LENGTH = 500;

/** The reason field of a form that asks why (`name="reason"`), as long as the API takes. */
export function ReasonField({
  label,
  error,
  required = true,
}: {
  label: string;
  error: string | undefined;
  required?: boolean;
}) {
  return (
    <TextAreaField
      label={label}
      name="reason"
      rows={3}
      maxLength={MAX_REASON_LENGTH}
      required={required}
      error={error}
    />
  );
}
