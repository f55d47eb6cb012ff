import { Check, Undo2 } from 'lucide-react';
import type { VideoEmbed } from '../../../../shared/live-call-embed';
import type { BeginnerMapLesson } from '../../../../shared/schemas/beginner-map';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { VideoEmbedFrame } from '../../../components/video-embed-frame';

/**
 * The tutorial modal: the lesson's own video (autoplay on, related videos off), its title and
 * description, the close button and 'Concluído', which keeps the lesson as watched and closes. A lesson already
 * watched can be unmarked here too. The app's Dialog closes on Escape and on the backdrop and locks the page.
 */
export function LessonDialog({
  lesson,
  embed,
  onClose,
  onDone,
}: {
  lesson: BeginnerMapLesson | null;
  embed: VideoEmbed | null;
  onClose: () => void;
  onDone: (done: boolean) => void;
}) {
  return (
    <Dialog open={lesson !== null && embed !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {lesson && embed ? (
        <DialogContent title={lesson.title} description={lesson.description} className="max-w-3xl">
          <VideoEmbedFrame key={`${lesson.id} ${embed.watchUrl}`} embed={embed} title={lesson.title} />
          <DialogFooter>
            {lesson.done ? (
              <Button
                variant="secondary"
                onClick={() => {
                  onDone(false);
                  onClose();
                }}
              >
                <Undo2 aria-hidden className="h-4 w-4" />
                Desmarcar como concluída
              </Button>
            ) : null}
            <Button
              onClick={() => {
                if (!lesson.done) onDone(true);
                onClose();
              }}
            >
              <Check aria-hidden className="h-4 w-4" />
              Concluído
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
