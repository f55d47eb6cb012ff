import { CheckCircle2, Circle } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** A round check the member ticks when a lesson is watched (or a partner tool's account created). */
export function DoneToggle({
  checked,
  label,
  onChange,
}: {
  checked: boolean;
  /** What is done, e.g. 'Aula concluída: Lendo as métricas'. */
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      title={checked ? 'Concluído: clique para desmarcar' : 'Marcar como concluído'}
      className={cn(
        'relative flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-full transition-colors hover:bg-surface-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/60',
        checked ? 'text-primary' : 'text-zinc-500 hover:text-zinc-300',
      )}
    >
      <input
        type="checkbox"
        className="sr-only"
        checked={checked}
        aria-label={label}
        onChange={(event) => onChange(event.target.checked)}
      />
      {checked ? (
        <CheckCircle2 aria-hidden className="h-5 w-5" />
      ) : (
        <Circle aria-hidden className="h-5 w-5" />
      )}
    </label>
  );
}
