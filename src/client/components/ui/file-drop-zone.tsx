import type { LucideIcon } from 'lucide-react';

/**
 * The empty state of a file chooser: a dashed box that is the label of a visually hidden `<input type=file>`
 * (`htmlFor`), so a click or Enter on the focused input opens the picker; the ring shows keyboard focus.
 */
export function FileDropZone({
  htmlFor,
  icon: Icon,
  title,
  hint,
}: {
  htmlFor: string;
  icon: LucideIcon;
  title: string;
  hint: string;
}) {
  return (
    <label
      htmlFor={htmlFor}
      className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-surface-2/50 px-4 py-8 text-center text-sm text-muted hover:border-primary/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/60"
    >
      <Icon aria-hidden className="h-7 w-7" />
      <span className="font-medium text-foreground">{title}</span>
      <span>{hint}</span>
    </label>
  );
}
