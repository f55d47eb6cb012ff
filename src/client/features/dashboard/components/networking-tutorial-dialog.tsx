import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';

const STEPS = [
  'Abra a área de membros da plataforma do curso onde você fez a compra.',
  'Toque no símbolo do WhatsApp que aparece no topo da página.',
  'Informe o número de telefone que você usou na compra.',
];

export function NetworkingTutorialDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Como entrar no grupo de networking"
        description="Siga os passos abaixo para entrar no grupo de WhatsApp dos membros."
      >
        <ol className="space-y-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-3 text-sm">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                {index + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
        <div className="mt-5 flex gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-amber-200">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden />
          <p>
            Use exatamente o mesmo número de telefone informado na compra. Com um número diferente, a entrada
            no grupo não vai funcionar.
          </p>
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
