import { Eye, FileDown, Save } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../lib/format';
import { Button } from './ui/button';
import { Dialog, DialogContent } from './ui/dialog';
import { Textarea } from './ui/input';

/**
 * The product and upsell creators' Save, Preview and Export: Save keeps the work in
 * this browser, Preview shows the document Export downloads (Markdown), and a line says what is saved.
 */
export function DraftActions({
  onSave,
  onExport,
  previewTitle,
  preview,
  savedAt,
  dirty,
}: {
  onSave: () => void;
  onExport: () => void;
  previewTitle: string;
  /** The exported document, built when the preview opens. */
  preview: () => string;
  savedAt: string | null;
  dirty: boolean;
}) {
  const [doc, setDoc] = useState<string | null>(null);
  const status = savedAt
    ? `${dirty ? 'Alterações não salvas. ' : ''}Salvo neste navegador em ${formatDateTime(savedAt)}.`
    : dirty
      ? 'Alterações não salvas.'
      : 'Nada salvo ainda: use Salvar para guardar neste navegador.';

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted" aria-live="polite">
        {status}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button className="col-span-2" onClick={onSave}>
          <Save className="h-4 w-4" aria-hidden />
          Salvar
        </Button>
        <Button variant="secondary" onClick={() => setDoc(preview())}>
          <Eye className="h-4 w-4" aria-hidden />
          Visualizar
        </Button>
        <Button variant="outline" onClick={onExport}>
          <FileDown className="h-4 w-4" aria-hidden />
          Exportar
        </Button>
      </div>
      <Dialog open={doc !== null} onOpenChange={(open) => !open && setDoc(null)}>
        <DialogContent
          title={previewTitle}
          description="É este o arquivo Markdown (.md) que o botão Exportar baixa."
          className="max-w-3xl"
        >
          <Textarea
            readOnly
            aria-label={previewTitle}
            value={doc ?? ''}
            className="h-[60dvh] max-h-[60dvh] font-mono text-xs leading-relaxed text-zinc-200"
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
