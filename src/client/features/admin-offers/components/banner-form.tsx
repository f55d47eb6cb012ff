import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Save, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { createBannerInput } from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldErrorProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useSaveBanner } from '../api/use-save-banner';
import { BANNER_REQUIRED, checkBannerFile } from '../banner-file';

/** The form's own field, checked by POST /api/admin/banners' schema (the image path comes from the upload). */
const bannerLinkInput = createBannerInput.pick({ link: true });

/** Upload one banner image with an optional link; saving makes it the active banner. */
export function BannerForm() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const save = useSaveBanner();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(bannerLinkInput), defaultValues: { link: '' } });
  const linkError = errors.link?.message;

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkBannerFile(chosen);
    if (problem) {
      setFileError(problem.description);
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setFileError(undefined);
    setFile(chosen);
  };

  // The image is a file, checked here; the link is checked by the route's schema. Both answer on the same submit.
  const requireFile = (): File | null => {
    if (file) return file;
    setFileError(BANNER_REQUIRED.description);
    toast.error(BANNER_REQUIRED.title, { description: BANNER_REQUIRED.description });
    return null;
  };

  const onSubmit = handleSubmit(
    (values) => {
      const chosen = requireFile();
      if (!chosen) return;
      save.mutate(
        { file: chosen, link: values.link },
        {
          onSuccess: () => {
            setFile(null);
            reset({ link: '' });
          },
        },
      );
    },
    () => void requireFile(),
  );

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <h2 className="font-semibold">Novo banner</h2>
          <p className="text-sm text-muted">
            Aparece no topo das Ofertas Escaladas, substituindo o banner ativo.
          </p>
        </div>

        <div className="space-y-2">
          <label htmlFor={inputId} className="block text-sm font-medium text-zinc-300">
            Imagem do banner *
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            data-testid="banner-input"
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              choose(chosen);
            }}
          />
          {preview ? (
            <div className="space-y-2">
              <img
                src={preview}
                alt="Pré-visualização do banner"
                className="aspect-[1920/328] w-full rounded-lg border border-border object-cover"
              />
              <div className="flex flex-wrap items-center gap-2">
                <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
                  <ImagePlus className="h-4 w-4" aria-hidden />
                  Trocar imagem
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setFile(null)}>
                  <X className="h-4 w-4" aria-hidden />
                  Remover
                </Button>
                <span className="min-w-0 truncate text-xs text-muted">{file?.name}</span>
              </div>
            </div>
          ) : (
            <label
              htmlFor={inputId}
              className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors hover:border-primary/60 ${fileError ? 'border-danger/60' : 'border-border bg-surface-2/50'}`}
            >
              <ImagePlus className="h-7 w-7 text-primary" aria-hidden />
              <span className="text-sm font-medium">Clique para escolher a imagem</span>
              <span className="text-xs text-muted">JPG, PNG ou WebP até 5MB</span>
            </label>
          )}
          <p className="text-xs text-muted">Recomendado: 1920x328 px</p>
          {fileError ? (
            <p role="alert" className="text-xs text-red-400">
              {fileError}
            </p>
          ) : null}
        </div>

        <Field label="Link (opcional)" htmlFor={`${inputId}-link`} error={linkError}>
          <Input
            id={`${inputId}-link`}
            type="url"
            inputMode="url"
            placeholder="https://"
            {...fieldErrorProps(`${inputId}-link`, linkError)}
            {...register('link')}
          />
        </Field>

        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? <Spinner /> : <Save className="h-4 w-4" aria-hidden />}
          {save.isPending ? 'Salvando...' : 'Salvar banner'}
        </Button>
      </form>
    </Card>
  );
}
