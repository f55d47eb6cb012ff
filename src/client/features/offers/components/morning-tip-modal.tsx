import { Sunrise } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { DeferredOpenProps } from '../../../components/ui/deferred';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { TipFace } from './morning-tip-face';

/** The tip dialog itself (loaded after the first paint: morning-tip-dialog.tsx renders its stand-in until then). */
export function MorningTipModal({ defaultOpen }: DeferredOpenProps) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label="Dica: minere ofertas pela manhã" className="shrink-0 px-3">
          <TipFace />
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Dica: minere ofertas pela manhã"
        description="O melhor horário para encontrar ofertas novas é logo cedo."
      >
        <div className="flex gap-4">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-yellow-500/15 text-yellow-300">
            <Sunrise aria-hidden className="h-6 w-6" />
          </span>
          <div className="space-y-3 text-sm leading-relaxed text-zinc-300">
            <p>
              As novas ofertas escaladas costumam aparecer nas primeiras horas do dia, quando a equipe publica
              o que foi minerado durante a noite.
            </p>
            <p>
              Entre pela manhã, ordene por <strong className="text-foreground">Mais recentes</strong> e salve
              nos favoritos as que fizerem sentido para você antes que fiquem saturadas.
            </p>
          </div>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Entendi</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
