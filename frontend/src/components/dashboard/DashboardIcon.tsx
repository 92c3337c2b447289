import { Icon, type IconName } from '../Icon.tsx';

/**
 * The icons of components/Icon.tsx plus those only the dashboards use, drawn the same way
 * (outline, 24-unit grid, after Lucide, ISC licence). Decorative: label the control.
 * These paths belong in Icon.tsx's PATHS; they wait here while that file is being edited
 * by others, after which this module reduces to `Icon`.
 */
const EXTRA_PATHS = {
  bell: ['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'],
  check: ['M20 6 9 17l-5-5'],
  circleHelp: ['M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z', 'M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3', 'M12 17h.01'],
  circleX: ['M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z', 'm15 9-6 6', 'm9 9 6 6'],
  clock: ['M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z', 'M12 6v6l4 2'],
  image: [
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z',
    'M9 7a2 2 0 1 0 0 4a2 2 0 1 0 0-4z',
    'm21 15-3.09-3.09a2 2 0 0 0-2.82 0L6 21',
  ],
  minus: ['M5 12h14'],
  pencil: ['M17 3a2.85 2.83 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z', 'm15 5 4 4'],
  plus: ['M5 12h14', 'M12 5v14'],
  rupee: ['M6 3h12', 'M6 8h12', 'm6 13 8.5 8', 'M6 13h3', 'M9 13c6.67 0 6.67-10 0-10'],
  trash: ['M3 6h18', 'M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6', 'M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2'],
} as const;

export type DashboardIconName = IconName | keyof typeof EXTRA_PATHS;

const isExtra = (name: DashboardIconName): name is keyof typeof EXTRA_PATHS => name in EXTRA_PATHS;

export function DashboardIcon({ name, className = 'size-5' }: { name: DashboardIconName; className?: string }) {
  if (!isExtra(name)) return <Icon name={name} className={className} />;
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {EXTRA_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
