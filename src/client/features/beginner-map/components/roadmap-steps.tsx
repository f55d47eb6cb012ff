import { Check, CheckCircle2, Circle, Undo2 } from 'lucide-react';
import type { BeginnerMapLesson, BeginnerMapStep } from '../../../../shared/schemas/beginner-map';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { stepLessonProgress, stepsProgress } from '../beginner-map-progress';
import { ProgressBar } from './progress-bar';

/**
 * The six-step roadmap with the member's progress: "2 de 6 passos" at the top, each step marked done or undone
 * by the member; steps 1 and 2 also show how many partner-tool accounts and tutorials the member finished.
 */
export function RoadmapSteps({
  steps,
  lessons,
  onToggle,
}: {
  steps: readonly BeginnerMapStep[];
  lessons: readonly BeginnerMapLesson[];
  onToggle: (step: BeginnerMapStep, done: boolean) => void;
}) {
  const overall = stepsProgress(steps);
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Seu roteiro em 6 passos</h2>
          <p className="text-sm text-muted">
            Siga os passos na ordem: cada um prepara o próximo. Marque cada passo ao concluir.
          </p>
        </div>
        <div className="w-full space-y-1.5 sm:w-56">
          <p className="text-sm font-semibold text-foreground sm:text-right">
            {`${overall.done} de ${overall.total} passos`}
          </p>
          <ProgressBar done={overall.done} total={overall.total} label="Progresso do roteiro" />
        </div>
      </div>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {steps.map((step, index) => {
          const lessonProgress = stepLessonProgress(step.id, lessons);
          return (
            <li
              key={step.id}
              className={cn(
                'flex gap-3 rounded-lg border p-4',
                step.done ? 'border-primary/40 bg-primary/5' : 'border-border bg-surface-2',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                  step.done
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border text-zinc-300',
                )}
              >
                {step.done ? <Check className="h-4 w-4" /> : index + 1}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-sm font-semibold">
                    <span className="sr-only">{`Passo ${index + 1}: `}</span>
                    {step.title}
                  </h3>
                  {step.done ? (
                    <Badge variant="primary">
                      <CheckCircle2 className="h-3 w-3" aria-hidden />
                      Concluído
                    </Badge>
                  ) : (
                    <Badge>
                      <Circle className="h-3 w-3" aria-hidden />
                      Não concluído
                    </Badge>
                  )}
                </div>
                <p className="text-sm text-muted">{step.description}</p>
                {lessonProgress ? (
                  <div className="space-y-1">
                    <p className="text-xs text-zinc-300">{lessonProgress.label}</p>
                    <ProgressBar
                      done={lessonProgress.done}
                      total={lessonProgress.total}
                      label={`Progresso do passo ${index + 1}`}
                    />
                  </div>
                ) : null}
                <div className="mt-auto pt-1">
                  <Button
                    size="sm"
                    variant={step.done ? 'ghost' : 'secondary'}
                    onClick={() => onToggle(step, !step.done)}
                  >
                    {step.done ? (
                      <Undo2 aria-hidden className="h-4 w-4" />
                    ) : (
                      <Check aria-hidden className="h-4 w-4" />
                    )}
                    {step.done ? 'Desmarcar' : 'Marcar como concluído'}
                    <span className="sr-only">{` (passo ${index + 1})`}</span>
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
