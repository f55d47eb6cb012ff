import { Lightbulb, Sunrise } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from '../../../components/ui/dialog';

/** The tip of the scaled-offers tab: mine offers in the morning. */
export function MorningTipDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label="Dica: minere ofertas pela manhã" className="shrink-0 px-3">
          <Lightbulb aria-hidden className="h-4 w-4 text-yellow-300" />
          <span className="hidden sm:inline">Dica</span>
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
