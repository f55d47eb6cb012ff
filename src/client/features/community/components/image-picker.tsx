import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  POST_IMAGE_HINT,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_TOO_LARGE,
} from '../../../../shared/community-constants';
import { FileDropZone } from '../../../components/ui/file-drop-zone';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];
const BAD_TYPE = 'Apenas imagens PNG, JPG ou WebP são aceitas (até 10MB).';

/** Checks a picked post image before upload (the server checks the bytes again). */
export function postImageError(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return BAD_TYPE;
  if (file.size > POST_IMAGE_MAX_BYTES) return POST_IMAGE_TOO_LARGE;
  return null;
}

/** A post image chooser with a local preview; the file is uploaded when the form is sent. */
export function ImagePicker({
  file,
  onChange,
  label = 'Imagem (opcional)',
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-300">
        {label}
      </label>
      {file ? (
        <div className="relative overflow-hidden rounded-lg border border-border bg-surface-2">
          {preview ? (
            <img src={preview} alt="Pré-visualização da imagem" className="max-h-72 w-full object-contain" />
          ) : (
            <p className="p-4 text-sm">{file.name}</p>
          )}
          <button
            type="button"
            aria-label="Remover imagem"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
            className="absolute top-2 right-2 rounded-full bg-black/70 p-1.5 text-white hover:bg-black"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      ) : (
        <FileDropZone
          htmlFor={id}
          icon={ImagePlus}
          title="Clique para escolher uma imagem"
          hint={POST_IMAGE_HINT}
        />
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          if (!picked) return;
          const problem = postImageError(picked);
          setError(problem);
          if (problem) {
            event.target.value = '';
            return;
          }
          onChange(picked);
        }}
      />
      {error ? (
        <p role="alert" className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
