import { Trans, useLingui } from '@lingui/react/macro';
import { type GivenAnswer, type Question, answerField } from '../../../../domain/product/personalisation.ts';
import { Field, SelectField } from '../../components/Field.tsx';

interface PersonalisationFieldsProps {
  questions: readonly Question[];
  answers: readonly GivenAnswer[];
  onChange: (answers: GivenAnswer[]) => void;
  /** Problems by field (`personalisation.q1`), from `answerIssues` or the API. */
  errors: Readonly<Record<string, string>>;
}

/** The product's questions to the buyer, answered before Add to Cart: a short text, or one of the values offered. */
export function PersonalisationFields({ questions, answers, onChange, errors }: PersonalisationFieldsProps) {
  const { t } = useLingui();
  if (questions.length === 0) return null;
  const answerTo = (questionId: string) => answers.find((a) => a.questionId === questionId)?.answer ?? '';
  const answer = (questionId: string, text: string) =>
    onChange([...answers.filter((a) => a.questionId !== questionId), { questionId, answer: text }]);

  return (
    <fieldset className="w-full max-w-md">
      <legend className="mb-1 font-medium">
        <Trans>Personalise it</Trans>
      </legend>
      {questions.map((q) => {
        const question = q.question;
        const label = q.required ? question : t`${question} (optional)`;
        const common = { label, name: answerField(q.id), required: q.required, error: errors[answerField(q.id)] };
        return q.kind === 'text' ? (
          <Field
            key={q.id}
            {...common}
            dir="auto"
            maxLength={q.maxLength}
            value={answerTo(q.id)}
            onChange={(event) => answer(q.id, event.target.value)}
          />
        ) : (
          <SelectField
            key={q.id}
            {...common}
            value={answerTo(q.id)}
            onChange={(event) => answer(q.id, event.target.value)}
          >
            <option value="">{t`Choose`}</option>
            {q.values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
        );
      })}
    </fieldset>
  );
}
