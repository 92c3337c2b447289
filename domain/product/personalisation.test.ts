import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider.ts';
import {
  type Question,
  PERSONALISATION_MESSAGES,
  answerIssues,
  answersText,
  answersTo,
  questionsSchema,
  questionsText,
  withQuestionIds,
} from './personalisation.ts';

const engraving: Question = { id: 'q1', question: 'Name to engrave', kind: 'text', maxLength: 12, required: true };
const wrap: Question = { id: 'q2', question: 'Gift wrap', kind: 'choice', values: ['Yes', 'No'], required: false };
const questions = [engraving, wrap];

describe('questionsSchema', () => {
  const issuesOf = (value: unknown) => questionsSchema.safeParse(value).error?.issues.map((i) => i.message);

  it('takes up to three questions, each a short text or a choice among values', () => {
    expect(questionsSchema.parse([{ ...engraving, question: ' Name to engrave ' }, wrap])).toEqual(questions);
    expect(issuesOf([engraving, wrap, { ...wrap, question: 'Box' }, { ...wrap, question: 'Card' }])).toEqual([
      PERSONALISATION_MESSAGES.tooManyQuestions,
    ]);
  });

  it.each([
    [[{ ...engraving, question: ' ' }], 'Question is required'],
    [[{ ...engraving, maxLength: 0 }], PERSONALISATION_MESSAGES.maxLength],
    [[{ ...engraving, maxLength: 201 }], PERSONALISATION_MESSAGES.maxLength],
    [[{ ...wrap, values: ['Yes'] }], PERSONALISATION_MESSAGES.choicesRequired],
    [[{ ...wrap, values: ['Yes', 'yes'] }], PERSONALISATION_MESSAGES.choiceRepeated],
    [[{ ...wrap, kind: 'date' }], PERSONALISATION_MESSAGES.kind],
    [[engraving, { ...wrap, question: 'name to engrave' }], PERSONALISATION_MESSAGES.questionRepeated],
    [[{ ...engraving, question: 'Name\u202Eeman' }], 'Question contains characters that are not allowed'],
    [[{ ...wrap, values: ['Yes', 'N\u200Bo'] }], 'Each value contains characters that are not allowed'],
  ])('%j: %s', (value, message) => {
    expect(issuesOf(value)).toEqual([message]);
  });
});

describe('withQuestionIds', () => {
  it('keeps the ids the product has and gives new questions the first ids free', () => {
    const { id: _, ...unnamed } = wrap;
    expect(withQuestionIds([], [unnamed, engraving]).map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(withQuestionIds([engraving], [{ ...unnamed, id: 'q9' }, engraving]).map((q) => q.id)).toEqual(['q2', 'q1']);
  });
});

describe('answersTo', () => {
  it('keeps the answers in the order of the questions, with their words; empty optional answers are left out', () => {
    expect(
      answersTo(questions, [
        { questionId: 'q2', answer: '' },
        { questionId: 'q1', answer: 'Asha' },
      ]),
    ).toEqual([{ questionId: 'q1', question: 'Name to engrave', answer: 'Asha' }]);
    expect(
      answersTo(questions, [
        { questionId: 'q1', answer: 'Asha' },
        { questionId: 'q2', answer: 'Yes' },
      ]).map((a) => a.answer),
    ).toEqual(['Asha', 'Yes']);
  });

  it('refuses a missing required answer, a text too long, a value not offered, a question not asked', () => {
    expect(answerIssues(questions, [])).toEqual({ 'personalisation.q1': 'Please answer: Name to engrave' });
    expect(
      answerIssues(questions, [
        { questionId: 'q1', answer: 'Asha Ramaswamy' },
        { questionId: 'q2', answer: 'Maybe' },
        { questionId: 'q7', answer: 'x' },
      ]),
    ).toEqual({
      'personalisation.q1': 'Your answer must be at most 12 characters',
      'personalisation.q2': PERSONALISATION_MESSAGES.notAChoice,
      'personalisation.q7': PERSONALISATION_MESSAGES.unknownQuestion,
    });
    expect(() => answersTo(questions, [])).toThrow(DomainError);
  });
});

it('writes answers and questions for people', () => {
  expect(
    answersText([
      { questionId: 'q1', question: 'Name to engrave', answer: 'Asha' },
      { questionId: 'q2', question: 'Gift wrap', answer: 'Yes' },
    ]),
  ).toBe('Name to engrave: Asha · Gift wrap: Yes');
  expect(questionsText(questions)).toBe('Name to engrave (text, up to 12, required); Gift wrap (Yes, No)');
  expect(questionsText([])).toBe('none');
});
