import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'border-border bg-surface-2 text-zinc-300',
  primary: 'border-primary/30 bg-primary/15 text-green-300',
  danger: 'border-danger/30 bg-danger/15 text-red-300',
  warning: 'border-warning/30 bg-warning/15 text-amber-300',
  info: 'border-sky-500/30 bg-sky-500/15 text-sky-300',
  purple: 'border-purple-500/30 bg-purple-500/15 text-purple-300',
} as const;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: keyof typeof variants;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
