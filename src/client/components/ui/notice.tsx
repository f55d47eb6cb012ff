import { AlertTriangle, CheckCircle2, CircleAlert, X, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  yellow: {
    box: 'border-warning/40 bg-warning/10 text-amber-100',
    icon: 'text-warning',
    Icon: AlertTriangle,
  },
  orange: { box: 'border-notice/40 bg-notice/10 text-orange-100', icon: 'text-notice', Icon: CircleAlert },
  red: { box: 'border-danger/40 bg-danger/10 text-red-100', icon: 'text-danger', Icon: XCircle },
  green: { box: 'border-primary/40 bg-primary/10 text-green-100', icon: 'text-primary', Icon: CheckCircle2 },
} as const;

export type NoticeVariant = keyof typeof variants;

export interface NoticeProps {
  variant: NoticeVariant;
  title?: string;
  children?: ReactNode;
  /** Called by the X button and, when `duration` is set, once that many milliseconds have passed. */
  onClose?: () => void;
  duration?: number;
  className?: string;
}

/**
 * A coloured banner that can be closed by hand and can hide itself. Give it a new `key` to restart its
 * timer when the same kind of notice is shown again.
 */
export function Notice({ variant, title, children, onClose, duration, className }: NoticeProps) {
  const { box, icon, Icon } = variants[variant];
  // The timer must not restart because the parent passed a new function on re-render.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!duration) return;
    const timer = setTimeout(() => closeRef.current?.(), duration);
    return () => clearTimeout(timer);
  }, [duration]);

  return (
    <div
      role={variant === 'green' ? 'status' : 'alert'}
      className={cn('relative flex gap-3 rounded-lg border p-4 pr-10 text-sm', box, className)}
    >
      <Icon aria-hidden className={cn('mt-0.5 h-5 w-5 shrink-0', icon)} />
      <div className="min-w-0 flex-1 space-y-1 leading-relaxed">
        {title ? <p className="font-semibold text-foreground">{title}</p> : null}
        {children}
      </div>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label="Fechar aviso"
          className="absolute top-2.5 right-2.5 rounded-md p-1 text-current opacity-70 transition hover:bg-white/10 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/40"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
