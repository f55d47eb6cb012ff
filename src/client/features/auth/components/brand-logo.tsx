import { TrendingUp } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The product's mark and name, as on the favicon. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span className="flex h-9 w-9 items-center justify-center rounded-xl border border-primary/30 bg-primary/10 shadow-[0_0_24px_-6px] shadow-primary/50">
        <TrendingUp aria-hidden className="h-5 w-5 text-primary" strokeWidth={2.5} />
      </span>
      <span className="text-lg font-bold tracking-tight text-foreground">
        Clube <span className="text-primary">Escala</span>
      </span>
    </span>
  );
}
