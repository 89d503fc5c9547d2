import type { ReactNode } from 'react';

/** A column heading: its text, or the text with a class (a numeric column) or read only by screen readers. */
export type ColumnHeading = string | { label: ReactNode; className?: string; srOnly?: boolean };

/** A table's header row from its column headings. */
export function TableHead({ columns }: { columns: readonly ColumnHeading[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          const { label, className, srOnly } = typeof column === 'string' ? { label: column } : column;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life
            <th key={index} scope="col" className={className}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
