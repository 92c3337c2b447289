import { useLingui } from '@lingui/react/macro';
interface QuantityStepperProps {
  value: number;
  min?: number;
  max: number;
  onChange: (quantity: number) => void;
  /** Names the group for screen readers: "Quantity", "Quantity of Khadi Cotton Kurta". */
  label: string;
  disabled?: boolean;
}

/** Minus, the quantity, plus: minus stops at `min`, plus at `max`. */
export function QuantityStepper({ value, min = 1, max, onChange, label, disabled = false }: QuantityStepperProps) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={label} className="join">
      <button
        type="button"
        className="btn join-item btn-square btn-sm"
        aria-label={t`Decrease quantity`}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output
        className="join-item grid h-8 min-w-12 place-items-center border-y border-base-300 px-2 font-semibold"
        aria-live="polite"
      >
        {value}
      </output>
      <button
        type="button"
        className="btn join-item btn-square btn-sm"
        aria-label={t`Increase quantity`}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
