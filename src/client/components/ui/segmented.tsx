import { cn } from '../../lib/cn';

/**
 * A small set of mutually exclusive choices as toggle buttons (a period, a grouping): a fieldset named by `label`
 * for screen readers, the chosen button announced by `aria-pressed`.
 */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-1">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'h-8 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60',
            o.value === value
              ? 'border-primary/60 bg-primary/15 text-foreground'
              : 'border-border text-muted hover:text-foreground',
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
