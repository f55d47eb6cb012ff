import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-primary text-primary-foreground hover:bg-green-400 font-semibold',
  secondary: 'bg-surface-2 text-foreground hover:bg-zinc-800 border border-border',
  ghost: 'text-muted hover:text-foreground hover:bg-surface-2',
  // red-700: white text at 6:1 (the brighter --color-danger red is 3.8:1 under white).
  danger: 'bg-red-700 text-white hover:bg-red-600 font-semibold',
  outline: 'border border-border text-foreground hover:bg-surface-2',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-9 w-9',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/** The button look, for elements that are not <button> (e.g. a router <Link> that reads as a button). */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60 disabled:cursor-not-allowed disabled:opacity-50',
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
