import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** The plain statement of what a masking tool does and does not do, beside its form. */
export function ToolExplainer({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-3">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <Info aria-hidden className="h-4 w-4 text-primary" />
        {title}
      </h2>
      <div className="space-y-2 text-sm leading-relaxed text-zinc-300">{children}</div>
    </Card>
  );
}
