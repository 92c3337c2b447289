/**
 * Personalisation (issue 26, Deliver 4): up to three questions a product asks its buyer (a short
 * text of a length the seller sets, or a choice among values; required or optional), and the
 * buyer's answers, checked at add to cart and kept on the cart and order line with the question
 * as it was asked. Answers are written by buyers and read by sellers and on invoices: the same
 * text hygiene as every other field (fields.ts).
 */
import { z } from 'zod';
import { DomainError } from '../decider.ts';
import { allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';
import { english } from '../i18n/message.ts';

/** One answer, with the question as it was asked (a later edit of the question does not change the line). */
export interface Answer {
  questionId: string;
  question: string;
  answer: string;
}

export type Question =
  | { id: string; question: string; kind: 'text'; maxLength: number; required: boolean }
  | { id: string; question: string; kind: 'choice'; values: string[]; required: boolean };

export const MAX_QUESTIONS = 3;
export const MAX_QUESTION_LENGTH = 100;
/** The longest text answer a seller may allow. */
export const MAX_ANSWER_LENGTH = 200;
export const MAX_CHOICES = 20;
export const MAX_CHOICE_LENGTH = 40;

export const PERSONALISATION_MESSAGES = {
  tooManyQuestions: english(/*i18n*/ 'A product can ask at most {max} questions', { max: MAX_QUESTIONS }),
  questionRequired: /*i18n*/ 'Question is required',
  questionRepeated: /*i18n*/ 'Each question can be asked once',
  kind: /*i18n*/ 'Choose text or choice',
  maxLength: english(/*i18n*/ 'Answer length must be a whole number from 1 to {max}', { max: MAX_ANSWER_LENGTH }),
  choicesRequired: /*i18n*/ 'Give at least two values to choose from',
  tooManyChoices: english(/*i18n*/ 'A question can offer at most {max} values', { max: MAX_CHOICES }),
  choiceRequired: /*i18n*/ 'Values cannot be empty',
  choiceRepeated: /*i18n*/ 'Each value can be given once',
  unknownQuestion: /*i18n*/ 'This product asks no such question',
  answerRepeated: /*i18n*/ 'Answer each question once',
  notAChoice: /*i18n*/ 'Choose one of the values offered',
} as const;

/** "Please answer: Name to engrave" */
export const answerRequired = (question: string): string => `Please answer: ${question}`;

const id = z.string().trim().min(1).max(20).optional();
const question = requiredText(PERSONALISATION_MESSAGES.questionRequired, MAX_QUESTION_LENGTH, /*i18n*/ 'Question');
const required = z.boolean({ error: /*i18n*/ 'Say whether an answer is required' });

const questionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      id,
      question,
      kind: z.literal('text'),
      maxLength: z
        .number({ error: PERSONALISATION_MESSAGES.maxLength })
        .int(PERSONALISATION_MESSAGES.maxLength)
        .min(1, PERSONALISATION_MESSAGES.maxLength)
        .max(MAX_ANSWER_LENGTH, PERSONALISATION_MESSAGES.maxLength),
      required,
    }),
    z.object({
      id,
      question,
      kind: z.literal('choice'),
      values: z
        .array(requiredText(PERSONALISATION_MESSAGES.choiceRequired, MAX_CHOICE_LENGTH, /*i18n*/ 'Each value'))
        .min(2, PERSONALISATION_MESSAGES.choicesRequired)
        .max(MAX_CHOICES, PERSONALISATION_MESSAGES.tooManyChoices)
        .refine((values) => new Set(values.map(lower)).size === values.length, PERSONALISATION_MESSAGES.choiceRepeated),
      required,
    }),
  ],
  { error: PERSONALISATION_MESSAGES.kind },
);

const lower = (text: string) => text.toLowerCase();

/** The questions of a listing or an edit; an id names a question the product has (new ones get theirs). */
export const questionsSchema = z
  .array(questionSchema)
  .max(MAX_QUESTIONS, PERSONALISATION_MESSAGES.tooManyQuestions)
  .refine(
    (questions) => new Set(questions.map((q) => lower(q.question))).size === questions.length,
    PERSONALISATION_MESSAGES.questionRepeated,
  );

export type QuestionInput = z.output<typeof questionsSchema>[number];

/**
 * The questions with their ids: a given id the product has keeps it (answers in carts name it),
 * else the first `q<n>` free, so ids stay short and stable.
 */
export function withQuestionIds(current: readonly Question[], given: readonly QuestionInput[]): Question[] {
  const known = new Set(current.map((q) => q.id));
  const kept = new Set(given.flatMap((q) => (q.id !== undefined && known.has(q.id) ? [q.id] : [])));
  let n = 0;
  const nextFree = () => {
    do n += 1;
    while (kept.has(`q${n}`));
    return `q${n}`;
  };
  return given.map(({ id: givenId, ...q }) => ({
    ...q,
    id: givenId !== undefined && kept.has(givenId) ? givenId : nextFree(),
  }));
}

/** An answer as a buyer gives it at add to cart: any text, checked against the question in `answersTo`. */
export const givenAnswersSchema = z
  .array(
    z.object({
      questionId: z.string({ error: PERSONALISATION_MESSAGES.unknownQuestion }).trim().min(1).max(20),
      answer: cleanText(/*i18n*/ 'Answer must be text')
        .max(MAX_ANSWER_LENGTH, tooLong(/*i18n*/ 'Answer', MAX_ANSWER_LENGTH))
        .refine(...allowedCharacters(/*i18n*/ 'Answer')),
    }),
  )
  .max(MAX_QUESTIONS, PERSONALISATION_MESSAGES.tooManyQuestions);

export type GivenAnswer = z.output<typeof givenAnswersSchema>[number];

/** The field of a question's answer in an error's `fields`. */
export const answerField = (questionId: string): string => `personalisation.${questionId}`;

/** The problems of `given` against `questions`, by field; none when every answer fits. */
export function answerIssues(questions: readonly Question[], given: readonly GivenAnswer[]): Record<string, string> {
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  for (const { questionId, answer } of given) {
    const asked = questions.find((q) => q.id === questionId);
    const field = answerField(questionId);
    if (!asked) issues[field] = PERSONALISATION_MESSAGES.unknownQuestion;
    else if (seen.has(questionId)) issues[field] = PERSONALISATION_MESSAGES.answerRepeated;
    else if (answer === '') continue;
    else if (asked.kind === 'text' && answer.length > asked.maxLength)
      issues[field] = tooLong(/*i18n*/ 'Your answer', asked.maxLength);
    else if (asked.kind === 'choice' && !asked.values.includes(answer))
      issues[field] = PERSONALISATION_MESSAGES.notAChoice;
    seen.add(questionId);
  }
  for (const q of questions) {
    const answered = given.some((a) => a.questionId === q.id && a.answer !== '');
    if (q.required && !answered) issues[answerField(q.id)] ??= answerRequired(q.question);
  }
  return issues;
}

/**
 * The answers a line keeps, in the order of the questions, each with its question's words;
 * empty answers to optional questions are left out. Throws the first problem (all in `fields`).
 */
export function answersTo(questions: readonly Question[], given: readonly GivenAnswer[]): Answer[] {
  const issues = answerIssues(questions, given);
  const first = Object.values(issues)[0];
  if (first !== undefined) throw new DomainError('invalid_personalisation', first, 'invalid', issues);
  return questions.flatMap((q) => {
    const answer = given.find((a) => a.questionId === q.id)?.answer ?? '';
    return answer === '' ? [] : [{ questionId: q.id, question: q.question, answer }];
  });
}

/** "Name to engrave: Asha · Gift wrap: Yes", as sellers, invoices and carts show a line's answers. */
export const answersText = (answers: readonly Answer[]): string =>
  answers.map(({ question, answer }) => `${question}: ${answer}`).join(' · ');

/** The questions in a few words, for a product's history: "Name to engrave (text, up to 20); Wrap (Yes, No)". */
export const questionsText = (questions: readonly Question[]): string =>
  questions.length === 0
    ? 'none'
    : questions
        .map((q) => {
          const what = q.kind === 'text' ? `text, up to ${q.maxLength}` : q.values.join(', ');
          return `${q.question} (${what}${q.required ? ', required' : ''})`;
        })
        .join('; ');
