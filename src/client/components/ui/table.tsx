import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * A table inside its own horizontal scroller: on phones only the table scrolls, never the page. `scrollLabel` makes
 * the scroller a named, focusable region (keyboard users can scroll a table that has no control of its own).
 */
export function Table({
  className,
  wrapperClassName,
  scrollLabel,
  ...props
}: HTMLAttributes<HTMLTableElement> & { wrapperClassName?: string; scrollLabel?: string }) {
  return (
    <div
      {...(scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {})}
      className={cn('w-full overflow-x-auto rounded-xl border border-border', wrapperClassName)}
    >
      <table className={cn('w-full min-w-max border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <thead
      className={cn('sticky top-0 z-10 bg-surface-2 text-xs text-muted uppercase', className)}
      {...props}
    />
  );
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-border', className)} {...props} />;
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('transition-colors hover:bg-surface-2/60', className)} {...props} />;
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th className={cn('px-3 py-2.5 font-medium', className)} {...props} />;
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}
