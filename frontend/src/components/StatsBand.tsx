/** A row of headline figures on a saffron band. */
export function StatsBand({ title, stats }: { title: string; stats: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <section className="bg-primary text-primary-content" aria-label={title}>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center md:grid-cols-4">
        {stats.map(({ value, label }) => (
          // The figure reads first on screen, the label first in the markup (dt before dd).
          <div key={label} className="flex flex-col-reverse">
            <dt className="mt-1">{label}</dt>
            <dd className="text-4xl font-extrabold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
