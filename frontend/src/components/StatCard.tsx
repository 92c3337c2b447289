import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import { Skeleton } from './Skeleton.tsx';

/** A headline figure of a dashboard, as a list item; `value` is null while it loads (a placeholder of the same size). */
export function StatCard({ icon, label, value }: { icon: IconName; label: string; value: string | null }) {
  return (
    <li className="card flex-row items-center gap-4 border border-base-300 bg-base-100 p-5">
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-orange-50 text-primary">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="flex min-w-0 flex-col">
        <span className="text-sm text-base-content/80">{label}</span>
        <span className="h-8 truncate text-2xl font-bold">{value ?? <Skeleton className="h-8 w-20" />}</span>
      </p>
    </li>
  );
}

const COLUMNS = { 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const;

/** The row of stat cards at the top of a dashboard (or of a section): three of them, or four. */
export function StatCards({
  label,
  columns = 3,
  children,
}: {
  label: string;
  columns?: keyof typeof COLUMNS;
  children: ReactNode;
}) {
  return (
    <ul className={`grid gap-4 ${COLUMNS[columns]}`} aria-label={label}>
      {children}
    </ul>
  );
}

/** A stat card's figure from a GET (useApiGet): null (its placeholder) while loading, a dash when loading failed. */
export function figureOf<T>(resource: { data: T | null; failed: boolean }, show: (data: T) => string): string | null {
  if (resource.data !== null) return show(resource.data);
  return resource.failed ? '–' : null;
}

/** A headline figure read from a GET's answer. */
export interface Figure<T> {
  icon: IconName;
  label: string;
  show: (data: T) => string;
}

interface FigureCardsProps<T> {
  label: string;
  columns?: keyof typeof COLUMNS;
  /** The GET (useApiGet) the figures come from. */
  of: { data: T | null; failed: boolean };
  figures: readonly Figure<T>[];
}

/** A row of stat cards showing figures of one GET: placeholders while it loads, dashes when it failed. */
export function FigureCards<T>({ label, columns, of, figures }: FigureCardsProps<T>) {
  return (
    <StatCards label={label} columns={columns}>
      {figures.map(({ icon, label, show }) => (
        <StatCard key={label} icon={icon} label={label} value={figureOf(of, show)} />
      ))}
    </StatCards>
  );
}
