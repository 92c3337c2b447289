import type { ReactNode } from 'react';

/** The header of a column of figures (amounts, counts), aligned right like them. */
export function FigureHead({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="text-right">
      {children}
    </th>
  );
}
