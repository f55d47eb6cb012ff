import { Circle, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { ROADMAP_STEPS, TOPIC_CARDS, type TutorialTopic, tutorialEmbedUrl } from '../roadmap';

/**
 * Dashboard tab 'mapa-iniciante' (spec 02 "Beginner's Map"): the six-step roadmap (all permanently not
 * completed) and four cards of topics; a topic with a video opens the tutorial modal (the app's Dialog:
 * Escape and the backdrop close it, page scroll is locked while it is open). No server call: the player is
 * the video service's own frame.
 */
export default function BeginnerMapTab() {
  const [topic, setTopic] = useState<TutorialTopic | null>(null);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Seu roteiro em 6 passos</h2>
          <p className="text-sm text-muted">Siga os passos na ordem: cada um prepara o próximo.</p>
        </div>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {ROADMAP_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3 rounded-lg border border-border bg-surface-2 p-4">
              <span
                aria-hidden
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-border text-sm font-semibold text-zinc-300"
              >
                {index + 1}
              </span>
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-sm font-semibold">
                    <span className="sr-only">{`Passo ${index + 1}: `}</span>
                    {step.title}
                  </h3>
                  <Badge>
                    <Circle className="h-3 w-3" aria-hidden />
                    Não concluído
                  </Badge>
                </div>
                <p className="text-sm text-muted">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        {TOPIC_CARDS.map((card) => (
          <Card key={card.id} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-semibold">{card.title}</h2>
              <Badge variant="primary">{card.countLabel}</Badge>
            </div>
            <ul className="space-y-1">
              {card.topics.map((item) => (
                <li key={item.title}>
                  {item.videoId ? (
                    <button
                      type="button"
                      aria-label={`${item.title} (assistir ao vídeo)`}
                      onClick={() => setTopic(item)}
                      className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-zinc-200 transition-colors hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
                    >
                      <PlayCircle className="h-4 w-4 shrink-0 text-primary" aria-hidden />
                      <span className="min-w-0 flex-1">{item.title}</span>
                    </button>
                  ) : (
                    <p className="flex items-center gap-3 px-3 py-2 text-sm text-muted">
                      <Circle className="h-4 w-4 shrink-0" aria-hidden />
                      {item.title}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>

      <Dialog open={topic !== null} onOpenChange={(open) => !open && setTopic(null)}>
        {topic?.videoId ? (
          <DialogContent title={topic.title} description={topic.description} className="max-w-3xl">
            <div className="aspect-video w-full overflow-hidden rounded-lg border border-border bg-black">
              <iframe
                src={tutorialEmbedUrl(topic.videoId)}
                title={`Vídeo: ${topic.title}`}
                className="h-full w-full"
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Concluído</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
