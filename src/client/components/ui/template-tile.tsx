import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A template one picks from a grid (the VSL scripts, the creative factory's layouts): a toggle button, its choice
 * announced by `aria-pressed` and drawn with the primary ring.
 */
export function TemplateTile({
  selected,
  onSelect,
  className,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  /** Gap and padding of the tile's column. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={cn(
        'flex h-full w-full flex-col rounded-lg border bg-surface-2 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60',
        selected ? 'border-primary ring-1 ring-primary' : 'border-border hover:border-zinc-500',
        className,
      )}
    >
      {children}
    </button>
  );
}
