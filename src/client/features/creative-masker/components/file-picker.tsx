import { FileUp, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { formatFileSize } from '../media-file';

/**
 * A file chooser (the whole box is the label of a visually hidden file input) showing the chosen file's name
 * and size, with a button to drop it. Checking the file is the caller's job (`onPick`).
 */
export function FilePicker({
  label,
  hint,
  accept,
  file,
  error,
  disabled,
  onPick,
  onClear,
}: {
  label: string;
  hint: string;
  accept: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onClear: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1.5">
      <p id={`${id}-label`} className="text-sm font-medium text-zinc-300">
        {label}
      </p>
      {file ? (
        <div className="flex items-center gap-3 rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm">
          <FileUp aria-hidden className="h-5 w-5 shrink-0 text-primary" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{file.name}</p>
            <p className="text-xs text-muted">{formatFileSize(file.size)}</p>
          </div>
          <button
            type="button"
            aria-label={`Remover ${file.name}`}
            disabled={disabled}
            onClick={() => {
              onClear();
              if (input.current) input.current.value = '';
            }}
            className="rounded-md p-1.5 text-muted hover:bg-white/10 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60 disabled:opacity-50"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      ) : (
        <FileDropZone htmlFor={id} icon={FileUp} title="Clique para escolher o arquivo" hint={hint} />
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (picked) onPick(picked);
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
