import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { whyNotForSale } from '../../../../domain/catalog/availability.ts';
import { type GivenAnswer, answerIssues } from '../../../../domain/product/personalisation.ts';
import { focusField } from '../../forms.ts';
import { Alert } from '../../components/Alert.tsx';
import { Icon } from '../../components/Icon.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { session } from '../../state/session.ts';
import { addToCart } from '../cart/index.ts';
import { PersonalisationFields } from './PersonalisationFields.tsx';
import type { Product } from './types.ts';

interface AddToCartProps {
  product: Product;
  /** The variant chosen (a product without options: its one variant); null until every option has a value. */
  variant: Product['variants'][number] | null;
  /** What is still to choose ("Please choose a size"), said when Add to Cart is pressed before. */
  missing: string | null;
}

/**
 * The quantity (1 to the variant's stock) and Add to Cart, disabled when it is out of stock;
 * pressed before a variant is chosen, it says which option is missing. Instead, why the product
 * cannot be bought when it is not on sale (waiting for review, as an admin opens it) or is the
 * signed-in seller's own. The answers to the product's questions
 * are checked here with the API's rules before they are sent.
 */
export function AddToCart({ product, variant, missing }: AddToCartProps) {
  useSignals();
  const { t } = useLingui();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const stockQuantity = variant?.stockQuantity ?? product.stockQuantity;
  const soldOut = stockQuantity <= 0;
  const max = Math.max(stockQuantity, 1);
  const [answers, setAnswers] = useState<GivenAnswer[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The stock may fall while the page is open: never offer more than there is.
  const chosen = Math.min(quantity, max);

  const notForSale = whyNotForSale(product, session.value?.id ?? null);
  if (notForSale) return <Alert tone="info">{notForSale}</Alert>;

  async function add() {
    if (!variant) {
      setRefused(true);
      return;
    }
    const issues = answerIssues(product.personalisation, answers);
    setErrors(issues);
    const first = Object.keys(issues)[0];
    if (first !== undefined) {
      focusField(document.getElementsByName(first)[0] ?? null);
      return;
    }
    setBusy(true);
    await addToCart(product.id, chosen, variant.id, answers);
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-3">
      <PersonalisationFields
        questions={product.personalisation}
        answers={answers}
        onChange={setAnswers}
        errors={errors}
      />
      <div className="flex flex-wrap items-center gap-4">
        <QuantityStepper label={t`Quantity`} value={chosen} max={max} onChange={setQuantity} disabled={soldOut} />
        <button type="button" className="btn btn-primary btn-lg" disabled={soldOut || busy} onClick={() => void add()}>
          <Icon name="cart" /> <Trans>Add to Cart</Trans>
        </button>
      </div>
      {refused && missing && <Alert tone="error">{missing}</Alert>}
    </div>
  );
}
