import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type Choosable, type VariantOf, choiceFrom, missingChoice, variantOf, withValue } from './variantChoice.ts';

/**
 * The buyer's choice on a product page, started from `?variant=` and written back to it once it
 * names a variant (so the link can be shared), left out while the choice is partial.
 */
export function useVariantChoice<V extends VariantOf>(product: Choosable<V>) {
  const { t } = useLingui();
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const [choice, setChoice] = useState(() => choiceFrom(product, params.get('variant')));

  function choose(index: number, value: string) {
    const next = withValue(choice, index, value);
    setChoice(next);
    const variant = variantOf(product, next);
    if (variant) params.set('variant', variant.id);
    else params.delete('variant');
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  }
  const option = missingChoice(product, choice);

  return {
    choice,
    choose,
    /** The variant chosen; for a product without options, its one variant. */
    variant: variantOf(product, choice),
    /** "Please choose a size" until every option has a value. */
    missing: option === null ? null : t`Please choose a ${option}`,
  };
}
