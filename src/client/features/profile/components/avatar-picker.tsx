import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { validateAvatarFile } from '../avatar-file';

/** The avatar (or the name's initial) with a button to choose a new image, previewed until saved. */
export function AvatarPicker({
  name,
  currentUrl,
  file,
  onFileChange,
  disabled,
}: {
  name: string;
  currentUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const src = preview ?? currentUrl;
  const broken = src !== null && src === brokenSrc;
  const initial = name.trim().charAt(0).toUpperCase() || '?';

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative">
        {src && !broken ? (
          <img
            src={src}
            alt="Sua foto de perfil"
            onError={() => setBrokenSrc(src)}
            className="h-28 w-28 rounded-full border-2 border-primary/50 object-cover"
          />
        ) : (
          <div className="flex h-28 w-28 items-center justify-center rounded-full border-2 border-primary/50 bg-primary/15 text-4xl font-bold text-green-300">
            {initial}
          </div>
        )}
        <button
          type="button"
          aria-label="Alterar foto"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          className="absolute right-0 bottom-0 flex h-9 w-9 items-center justify-center rounded-full border-2 border-surface bg-primary text-primary-foreground transition-transform hover:scale-105 disabled:opacity-50"
        >
          <Camera className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="hidden"
        data-testid="avatar-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          const problem = validateAvatarFile(chosen);
          if (problem) {
            toast.error('Erro', { description: problem });
            return;
          }
          onFileChange(chosen);
        }}
      />
      <p className="text-center text-xs text-muted">
        {file
          ? 'Nova foto selecionada: clique em Salvar Informações para enviar.'
          : 'JPG, PNG, GIF ou WebP até 5MB.'}
      </p>
    </div>
  );
}
