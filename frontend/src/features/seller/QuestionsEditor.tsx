import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_ANSWER_LENGTH, MAX_QUESTIONS, MAX_QUESTION_LENGTH } from '../../../../domain/product/personalisation.ts';
import { Field, SelectField } from '../../components/Field.tsx';
import { type QuestionDraft, newQuestion } from './questions.ts';

interface QuestionsEditorProps {
  drafts: QuestionDraft[];
  onChange: (drafts: QuestionDraft[]) => void;
  /** The error of an API field (`personalisation.0.question`), if any. */
  errorOf: (field: string) => string | undefined;
}

/**
 * The questions a product asks its buyer (up to three): each a short text of a length the seller
 * sets, or a choice among values, required or optional. Its inputs are named as the API's fields,
 * so an error the API gives lands under its input.
 */
export function QuestionsEditor({ drafts, onChange, errorOf }: QuestionsEditorProps) {
  const { t } = useLingui();
  const change = (i: number, fields: Partial<QuestionDraft>) =>
    onChange(drafts.map((draft, j) => (j === i ? { ...draft, ...fields } : draft)));

  return (
    <fieldset className="mt-4 md:col-span-2">
      <legend className="mb-1 text-sm font-medium">
        <Trans>Personalisation (questions the buyer answers)</Trans>
      </legend>
      <p className="min-h-5 text-sm text-error">{errorOf('personalisation')}</p>
      {drafts.map((draft, i) => {
        const field = (name: string) => `personalisation.${i}.${name}`;
        const number = i + 1;
        return (
          <div
            key={draft.id ?? `new-${i}`}
            role="group"
            aria-label={t`Question ${number}`}
            className="mb-2 grid gap-x-4 rounded-box border border-base-300 p-3 md:grid-cols-3"
          >
            <Field
              label={t`Question ${number}`}
              name={field('question')}
              value={draft.question}
              maxLength={MAX_QUESTION_LENGTH}
              placeholder={t`Name to engrave`}
              onChange={(event) => change(i, { question: event.target.value })}
              error={errorOf(field('question'))}
              className="md:col-span-2"
            />
            <SelectField
              label={t`Answer`}
              name={field('kind')}
              value={draft.kind}
              onChange={(event) => change(i, { kind: event.target.value as QuestionDraft['kind'] })}
              error={errorOf(field('kind'))}
            >
              <option value="text">
                <Trans>Short text</Trans>
              </option>
              <option value="choice">
                <Trans>A choice</Trans>
              </option>
            </SelectField>
            {draft.kind === 'text' ? (
              <Field
                label={t`Longest answer (characters)`}
                name={field('maxLength')}
                type="number"
                inputMode="numeric"
                min="1"
                max={MAX_ANSWER_LENGTH}
                value={draft.maxLength}
                onChange={(event) => change(i, { maxLength: event.target.value })}
                error={errorOf(field('maxLength'))}
              />
            ) : (
              <Field
                label={t`Values (comma-separated)`}
                name={field('values')}
                value={draft.values}
                placeholder={t`Gold, Silver`}
                onChange={(event) => change(i, { values: event.target.value })}
                error={errorOf(field('values'))}
              />
            )}
            <label className="flex items-center gap-2 self-center text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-primary checkbox-sm"
                checked={draft.required}
                onChange={(event) => change(i, { required: event.target.checked })}
              />
              <Trans>Required</Trans>
            </label>
            <button
              type="button"
              className="btn btn-ghost btn-sm self-center text-error"
              onClick={() => onChange(drafts.filter((_, j) => j !== i))}
            >
              <Trans>Remove question {number}</Trans>
            </button>
          </div>
        );
      })}
      {drafts.length < MAX_QUESTIONS && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onChange([...drafts, newQuestion()])}>
          <Trans>Add a question</Trans>
        </button>
      )}
    </fieldset>
  );
}
