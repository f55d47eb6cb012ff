import { Info } from 'lucide-react';

export const LEGEND_TRIGGER_CLASS =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-muted transition-colors hover:bg-surface-2 hover:text-foreground';

export function LegendFace() {
  return (
    <>
      <Info aria-hidden className="h-3.5 w-3.5" />
      Cores dos anúncios
      <span className="sr-only">: legenda</span>
    </>
  );
}
