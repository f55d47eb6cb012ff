import { Construction, type LucideIcon } from 'lucide-react';
import { Card } from './card';

/** The honest placeholder for a tool that is not built yet: no fake data. */
export function UnderConstruction({
  title,
  icon: Icon = Construction,
}: {
  title: string;
  icon?: LucideIcon;
}) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
      <div className="flex h-14 w-14 items-center justify-center rounded-2xl border border-warning/30 bg-warning/10 text-warning">
        <Icon className="h-7 w-7" aria-hidden />
      </div>
      <div className="space-y-2">
        <p className="text-xs font-semibold tracking-wider text-warning uppercase">Em construção</p>
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="mx-auto max-w-md text-sm text-muted">
          Esta ferramenta está sendo construída e aparecerá aqui em breve.
        </p>
      </div>
    </Card>
  );
}
