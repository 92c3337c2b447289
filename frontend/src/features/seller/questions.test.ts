import { expect, it } from 'vitest';
import { draftsOf, newQuestion, questionsOf } from './questions.ts';

const asked = [
  { id: 'q1', question: 'Name to engrave', kind: 'text' as const, maxLength: 12, required: true },
  { id: 'q2', question: 'Gift wrap', kind: 'choice' as const, values: ['Yes', 'No'], required: false },
];

it('turns the questions into drafts and back', () => {
  expect(questionsOf(draftsOf(asked))).toEqual(asked);
});

it('sends a new question without an id, its values split at commas, a length that is no number as NaN', () => {
  expect(questionsOf([{ ...newQuestion(), kind: 'choice', question: 'Size', values: ' S, M,, L ' }])).toEqual([
    { question: 'Size', kind: 'choice', values: ['S', 'M', 'L'], required: true },
  ]);
  expect(questionsOf([{ ...newQuestion(), maxLength: 'long' }])[0]).toMatchObject({ maxLength: Number.NaN });
});
