import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { swatchColour } from './swatches.ts';
import {
  type Choice,
  type Choosable,
  type OptionOf,
  type ValueState,
  isColourOption,
  valueState,
} from './variantChoice.ts';

interface VariantPickerProps {
  product: Choosable;
  choice: Choice;
  onChoose: (index: number, value: string) => void;
}

/** Said after a value that cannot be picked, for those who do not see it struck out. */
const UNAVAILABLE: Record<Exclude<ValueState, 'available'>, MessageDescriptor> = {
  soldOut: msg`sold out`,
  missing: msg`not available`,
};

/**
 * A radio group per option, its chosen value named in the legend, each value a button: colours
 * with a swatch beside their names. A value that makes no
 * combination with the others chosen, or only sold-out ones, is disabled and says why.
 */
export function VariantPicker({ product, choice, onChoose }: VariantPickerProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      {product.options.map((option, index) => (
        <fieldset key={option.name}>
          <legend className="mb-2 font-semibold">
            {option.name}
            {choice[index] && <span className="font-normal">: {choice[index]}</span>}
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => (
              <OptionValue
                key={value}
                option={option}
                value={value}
                name={`${id}-${index}`}
                checked={choice[index] === value}
                state={valueState(product, choice, index, value)}
                onChoose={() => onChoose(index, value)}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

interface OptionValueProps {
  option: OptionOf;
  value: string;
  name: string;
  checked: boolean;
  state: ValueState;
  onChoose: () => void;
}

/**
 * One value: a radio input laid over its whole label (so a click anywhere picks it and the
 * focus ring follows the input), styled as the option's kind asks.
 */
function OptionValue({ option, value, name, checked, state, onChoose }: OptionValueProps) {
  const { t } = useLingui();
  const unavailable = state !== 'available';
  const colour = isColourOption(option.name);
  const selected = checked ? 'btn-active border-primary ring-2 ring-primary/40' : 'border-base-300';
  return (
    <label
      className={`btn relative min-w-12 gap-2 border font-medium ${selected} ${unavailable ? 'line-through opacity-60' : ''} has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={unavailable}
        aria-label={unavailable ? `${value}, ${t(UNAVAILABLE[state])}` : undefined}
        onChange={onChoose}
        className="absolute inset-0 cursor-pointer appearance-none rounded-[inherit] outline-none disabled:cursor-not-allowed"
      />
      {colour && <Swatch name={value} />}
      {value}
    </label>
  );
}

/**
 * The colour as an SVG fill, not an inline style: a page drawn on the server carries no style
 * attribute, which its content security policy (style-src 'self') would refuse.
 */
function Swatch({ name }: { name: string }) {
  const colour = swatchColour(name);
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      className={`size-5 shrink-0 rounded-full border border-base-content/30 ${colour ? '' : 'fill-base-200'}`}
    >
      <circle cx="10" cy="10" r="10" fill={colour ?? undefined} />
    </svg>
  );
}
