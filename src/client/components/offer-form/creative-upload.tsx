import { ImagePlus, RotateCcw, Upload, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { checkCreativeFile, creativeKindOf } from './creative-file';
import { CreativePreview } from './creative-preview';
import { useUploadCreative } from './use-upload-creative';

export interface CreativeValue {
  url: string;
  type: 'image' | 'video';
}

interface LocalFile {
  /** Object URL of the chosen file: the preview shows at once, before the upload ends. */
  src: string;
  type: 'image' | 'video';
  name: string;
  /** The stored URL once the upload succeeded. */
  url: string | null;
}

/**
 * The one creative-upload widget (member submission, /nova-oferta and both admin edit screens): checks the
 * file (at most 5 MB, images and videos only), previews it, uploads it at once to POST /api/uploads/creative
 * and hands the stored URL to the form. `current` is the creative already saved (edit screens; null = none): it
 * shows while no new file is chosen, and removing the new file restores it.
 */
export function CreativeUpload({
  value,
  onChange,
  onBusyChange,
  current,
  error,
  label = 'Criativo',
  disabled = false,
}: {
  value: CreativeValue | null;
  onChange: (value: CreativeValue | null) => void;
  onBusyChange?: (busy: boolean) => void;
  current?: CreativeValue | null;
  error?: string;
  label?: string;
  disabled?: boolean;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadCreative();
  const [local, setLocal] = useState<LocalFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = upload.isPending;

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);
  // The object URL lives as long as the preview that uses it.
  useEffect(() => (local ? () => URL.revokeObjectURL(local.src) : undefined), [local]);

  const choose = (file: File | undefined) => {
    if (!file || disabled || busy) return;
    const refused = checkCreativeFile(file);
    if (refused) {
      setProblem(refused.description);
      toast.error(refused.title, { description: refused.description });
      return;
    }
    setProblem(null);
    const chosen: LocalFile = {
      src: URL.createObjectURL(file),
      type: creativeKindOf(file),
      name: file.name,
      url: null,
    };
    setLocal(chosen);
    onChange(null);
    upload.mutate(file, {
      onSuccess: (result) => {
        setLocal({ ...chosen, type: result.kind, url: result.url });
        onChange({ url: result.url, type: result.kind });
      },
      onError: (err) => {
        setLocal(null);
        toast.error('Erro no upload', {
          description: errorMessage(err, 'Não foi possível enviar o arquivo. Tente novamente.'),
        });
      },
    });
  };

  const remove = () => {
    setLocal(null);
    setProblem(null);
    onChange(null);
  };

  // What the box shows: the new file (while uploading, or once it is the form's value), else the saved one.
  const fresh = local && (busy || (value !== null && local.url === value.url)) ? local : null;
  const shown = fresh
    ? { src: fresh.src, type: fresh.type }
    : value
      ? { src: value.url, type: value.type }
      : current
        ? { src: current.url, type: current.type }
        : null;
  const isNew = Boolean(fresh || value);
  const message = problem ?? error;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files?.[0]);
  };

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-300">
          {label}
        </label>
        {isNew && current !== undefined ? (
          <span className="text-xs font-medium text-primary">Novo criativo</span>
        ) : null}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*,video/*"
        className="sr-only"
        data-testid="creative-input"
        disabled={disabled || busy}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          choose(file);
        }}
      />

      {shown ? (
        <div className="space-y-2">
          <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-xl border border-border bg-black/40">
            <CreativePreview
              key={shown.src}
              src={shown.src}
              type={shown.type}
              alt={isNew ? 'Pré-visualização do novo criativo' : 'Criativo atual'}
              controls
              fit="contain"
            />
            {busy ? (
              <div
                role="status"
                className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 text-sm"
              >
                <Spinner className="h-6 w-6 text-primary" />
                Enviando criativo...
              </div>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={disabled || busy}
              onClick={() => inputRef.current?.click()}
            >
              <Upload className="h-4 w-4" aria-hidden />
              {isNew || current ? 'Trocar arquivo' : 'Enviar arquivo'}
            </Button>
            {isNew ? (
              <Button variant="ghost" size="sm" disabled={busy} onClick={remove}>
                {current ? (
                  <RotateCcw className="h-4 w-4" aria-hidden />
                ) : (
                  <X className="h-4 w-4" aria-hidden />
                )}
                {current ? 'Remover e manter o atual' : 'Remover'}
              </Button>
            ) : null}
            {fresh ? <span className="min-w-0 truncate text-xs text-muted">{fresh.name}</span> : null}
          </div>
        </div>
      ) : (
        <>
          {current === null ? <p className="text-sm text-muted">Nenhum criativo disponível</p> : null}
          <label
            htmlFor={inputId}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors',
              dragging
                ? 'border-primary bg-primary/10'
                : 'border-border bg-surface-2/50 hover:border-primary/60',
              message ? 'border-danger/60' : null,
              disabled ? 'pointer-events-none opacity-60' : null,
            )}
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/15 text-primary">
              <ImagePlus className="h-6 w-6" aria-hidden />
            </span>
            <span className="text-sm font-medium">Clique para enviar ou arraste o arquivo aqui</span>
            <span className="text-xs text-muted">
              Imagens ou vídeos (JPG, PNG, GIF, WebP, MP4, MOV) até 5MB
            </span>
          </label>
        </>
      )}

      {message ? (
        <p role="alert" className="text-xs text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
