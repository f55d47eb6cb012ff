import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Eye, EyeOff, Save, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { parseHttpUrl } from '../../../../shared/http-url';
import { videoEmbedOf, videoLinkOf } from '../../../../shared/live-call-embed';
import {
  BEGINNER_MAP_SECTIONS,
  type BeginnerMapLesson,
  type BeginnerMapLessonData,
  beginnerMapLessonInput,
  LESSON_DESCRIPTION_MAX,
  LESSON_TITLE_MAX,
  PARTNER_TOOLS_SECTION,
} from '../../../../shared/schemas/beginner-map';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { VideoEmbedFrame } from '../../../components/video-embed-frame';

type Values = { title: string; description: string; videoUrl: string; linkUrl: string };

const valuesOf = (lesson: BeginnerMapLesson): Values => ({
  title: lesson.title,
  description: lesson.description,
  videoUrl: lesson.videoUrl ?? '',
  linkUrl: lesson.linkUrl ?? '',
});

/**
 * The administrator's edit of one lesson or partner tool: title (the tool's name), description, video link
 * (YouTube, Vimeo or Panda Video, checked as typed, with a preview and an 'Abrir' link) and, for partner tools,
 * the sign-up link. Checked with the route's own schema; each field shows its message. Give it `key={lesson.id}`.
 */
export function LessonEditForm({
  lesson,
  pending,
  onSubmit,
  onCancel,
}: {
  lesson: BeginnerMapLesson;
  pending: boolean;
  onSubmit: (data: BeginnerMapLessonData) => void;
  onCancel: () => void;
}) {
  const tool = lesson.section === PARTNER_TOOLS_SECTION;
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(beginnerMapLessonInput),
    defaultValues: valuesOf(lesson),
    // Checked on submit only; typing in a field takes its message away until the next submit.
    reValidateMode: 'onSubmit',
  });
  const field = (name: keyof Values) => register(name, { onChange: () => clearErrors(name) });
  const [preview, setPreview] = useState(false);
  const [title, videoUrl, linkUrl] = watch(['title', 'videoUrl', 'linkUrl']);
  const videoLink = videoLinkOf(videoUrl ?? '');
  const embed = videoEmbedOf(videoLink);
  const signUp = parseHttpUrl(linkUrl ?? '');
  const section = BEGINNER_MAP_SECTIONS.find((s) => s.id === lesson.section)?.title ?? '';

  const submit = handleSubmit(({ linkUrl: link, ...data }) => {
    // What is saved is what the field shows (a pasted <iframe> code becomes its link).
    setValue('videoUrl', data.videoUrl ?? '');
    // Only a partner tool has a sign-up link.
    onSubmit({ ...data, linkUrl: tool ? link : undefined });
  });

  return (
    <Card>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4"
        aria-label={tool ? 'Editar ferramenta parceira' : 'Editar aula'}
      >
        <div className="space-y-1">
          <h2 className="font-semibold">{tool ? 'Editar ferramenta parceira' : 'Editar aula'}</h2>
          <p className="text-xs text-muted">{`${section} · item ${lesson.order}`}</p>
        </div>
        <Field
          label={tool ? 'Nome da ferramenta' : 'Título'}
          htmlFor="lesson-title"
          error={errors.title?.message}
        >
          <Input
            id="lesson-title"
            maxLength={LESSON_TITLE_MAX}
            {...field('title')}
            aria-invalid={errors.title ? true : undefined}
          />
        </Field>
        <Field label="Descrição" htmlFor="lesson-description" error={errors.description?.message}>
          <Textarea
            id="lesson-description"
            rows={3}
            maxLength={LESSON_DESCRIPTION_MAX}
            {...field('description')}
            aria-invalid={errors.description ? true : undefined}
          />
        </Field>
        {tool ? (
          <Field label="Link de cadastro (opcional)" htmlFor="lesson-link" error={errors.linkUrl?.message}>
            <div className="flex gap-2">
              <Input
                id="lesson-link"
                type="url"
                inputMode="url"
                {...field('linkUrl')}
                placeholder="https://..."
                aria-invalid={errors.linkUrl ? true : undefined}
              />
              {signUp ? (
                <a
                  href={signUp.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass({ variant: 'secondary', className: 'shrink-0' })}
                >
                  <ExternalLink aria-hidden className="h-4 w-4" />
                  Abrir
                  <span className="sr-only"> o link de cadastro (nova aba)</span>
                </a>
              ) : null}
            </div>
          </Field>
        ) : null}
        <Field
          label={tool ? 'Vídeo tutorial (opcional)' : 'Link do vídeo (opcional)'}
          htmlFor="lesson-video"
          error={errors.videoUrl?.message}
        >
          <Input
            id="lesson-video"
            type="url"
            inputMode="url"
            {...field('videoUrl')}
            placeholder="https://www.youtube.com/watch?v=..."
            aria-invalid={errors.videoUrl ? true : undefined}
            aria-describedby="lesson-video-help"
          />
        </Field>
        <div id="lesson-video-help" className="space-y-2 text-xs text-muted">
          <p>
            YouTube, Vimeo ou Panda Video (link do player:
            https://player-vz-….tv.pandavideo.com.br/embed/?v=…). Em branco, a aula aparece como &lsquo;Vídeo
            em breve&rsquo;.
          </p>
          {embed ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-green-300">{`Vídeo do ${embed.site} reconhecido.`}</span>
              <Button variant="secondary" size="sm" onClick={() => setPreview((p) => !p)}>
                {preview ? (
                  <EyeOff aria-hidden className="h-4 w-4" />
                ) : (
                  <Eye aria-hidden className="h-4 w-4" />
                )}
                {preview ? 'Fechar prévia' : 'Ver prévia'}
              </Button>
              <a
                href={embed.watchUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
              >
                <ExternalLink aria-hidden className="h-4 w-4" />
                {`Abrir no ${embed.site}`}
              </a>
            </div>
          ) : videoLink ? (
            <p className="text-amber-300">Link ainda não reconhecido como vídeo.</p>
          ) : null}
        </div>
        {embed && preview ? (
          <VideoEmbedFrame key={embed.watchUrl} embed={embed} title={`Prévia: ${title || lesson.title}`} />
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? <Spinner /> : <Save aria-hidden className="h-4 w-4" />}
            Salvar Alterações
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={pending} className="w-full sm:w-auto">
            <X aria-hidden className="h-4 w-4" />
            Cancelar
          </Button>
        </div>
      </form>
    </Card>
  );
}
