/** The variant a cart or order line is of ("Size 8 · Tan"), under its name; nothing for a product sold as one thing. */
export function LineVariant({ label }: { label: string }) {
  if (label === '') return null;
  return <span className="block text-sm text-base-content/80">{label}</span>;
}
