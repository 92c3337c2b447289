/** The personalisation questions of the product form: drafts as the inputs hold them, and the API's shape. */
import type { QuestionInput } from '../../../../domain/product/personalisation.ts';
import { parseTags } from '../../../../domain/product/schemas.ts';
import type { SellerProduct } from './types.ts';

/** One question as its inputs hold it: the length and the values are text until sent. */
export interface QuestionDraft {
  /** The id the product gave it; none for a question added here. */
  id?: string;
  question: string;
  kind: 'text' | 'choice';
  maxLength: string;
  /** The values to choose from, comma-separated. */
  values: string;
  required: boolean;
}

export const newQuestion = (): QuestionDraft => ({
  question: '',
  kind: 'text',
  maxLength: '20',
  values: '',
  required: true,
});

export const draftsOf = (questions: SellerProduct['personalisation']): QuestionDraft[] =>
  questions.map((q) => ({
    id: q.id,
    question: q.question,
    kind: q.kind,
    maxLength: q.kind === 'text' ? String(q.maxLength) : '20',
    values: q.kind === 'choice' ? q.values.join(', ') : '',
    required: q.required,
  }));

/** The drafts as the API takes them; a length that is no number is sent as such, for the API's message. */
export const questionsOf = (drafts: readonly QuestionDraft[]): QuestionInput[] =>
  drafts.map(({ id, question, kind, maxLength, values, required }) => {
    const named = id === undefined ? {} : { id };
    return kind === 'text'
      ? { ...named, question, kind, maxLength: Number(maxLength.trim() || Number.NaN), required }
      : { ...named, question, kind, values: parseTags(values), required };
  });

/** Whether the drafts ask what the product asks (an edit then leaves the questions out). */
export const sameQuestions = (product: SellerProduct, drafts: readonly QuestionDraft[]): boolean =>
  JSON.stringify(draftsOf(product.personalisation)) === JSON.stringify(drafts);
