const SIZES = { xs: 'btn-xs', sm: 'btn-sm' } as const;

interface DecisionButtonsProps {
  /** The id of the heading that names what is decided: each button is described by it. */
  describedBy: string;
  acceptLabel: string;
  rejectLabel: string;
  onAccept: () => void;
  onReject: () => void;
  /** A decision is under way. */
  busy?: boolean;
  size?: keyof typeof SIZES;
}

/** A yes-or-no verdict on an item of a list (a product to review, a return): accept in the main colour, reject in the error colour. */
export function DecisionButtons(props: DecisionButtonsProps) {
  const { describedBy, acceptLabel, rejectLabel, onAccept, onReject, busy, size = 'sm' } = props;
  return (
    <>
      <button
        type="button"
        className={`btn btn-primary ${SIZES[size]}`}
        aria-describedby={describedBy}
        disabled={busy}
        onClick={onAccept}
      >
        {acceptLabel}
      </button>
      <button
        type="button"
        className={`btn btn-outline btn-error ${SIZES[size]}`}
        aria-describedby={describedBy}
        disabled={busy}
        onClick={onReject}
      >
        {rejectLabel}
      </button>
    </>
  );
}
