import { type Answer, answersText } from '../../../domain/product/personalisation.ts';

/** The buyer's answers a cart or order line was made to ("Name to engrave: Asha"); nothing without answers. */
export function LineAnswers({ answers }: { answers: readonly Answer[] }) {
  if (answers.length === 0) return null;
  return (
    <span dir="auto" className="block text-sm">
      {answersText(answers)}
    </span>
  );
}
