import { Popover as RadixPopover } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;

/** The panel is a dialog (role=dialog): it needs a name, its visible heading's id or a label. */
type Named = { 'aria-labelledby': string } | { 'aria-label': string };

/** A floating panel anchored to its trigger; unlike a menu it may hold links and buttons. */
export function PopoverContent({
  className,
  sideOffset = 8,
  align = 'end',
  ...props
}: ComponentProps<typeof RadixPopover.Content> & Named) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(
          'z-50 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-surface text-foreground shadow-2xl shadow-black/50 focus:outline-none',
          className,
        )}
        {...props}
      />
    </RadixPopover.Portal>
  );
}
