import type { InputHTMLAttributes, ReactNode } from 'react';

interface ChoiceCardProps extends InputHTMLAttributes<HTMLInputElement> {
  title: string;
  detail: ReactNode;
  /** Shown at the right: the delivery charge. */
  aside?: ReactNode;
}

/** A radio button as a bordered card: title, a line of detail, and an optional figure. */
export function ChoiceCard({ title, detail, aside, disabled, ...radio }: ChoiceCardProps) {
  return (
    <label
      className={`flex items-center gap-3 rounded-field border border-base-300 p-4 has-checked:border-primary has-checked:bg-orange-50 ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
    >
      <input type="radio" className="radio radio-primary radio-sm" disabled={disabled} {...radio} />
      <span className="flex flex-1 flex-col">
        <span className="font-medium" dir="auto">
          {title}
        </span>
        <span className="text-sm text-base-content/80" dir="auto">
          {detail}
        </span>
      </span>
      {aside && <span className="font-semibold">{aside}</span>}
    </label>
  );
}
