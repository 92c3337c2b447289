import { requiredText } from '../fields.ts';

export const MAX_ACCESS_REASON_LENGTH = 500;
export const ACCESS_REASON_REQUIRED = 'Say why you need to see personal data';

/** The reason an admin gives before personal data is shown to them (it is recorded with the view). */
export const accessReasonSchema = requiredText(ACCESS_REASON_REQUIRED, MAX_ACCESS_REASON_LENGTH, /*i18n*/ 'Reason', {
  multiline: true,
});
