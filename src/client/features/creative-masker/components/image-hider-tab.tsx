import { Download, RotateCcw, ScanSearch } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { downloadFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { type CleanedImage, cleanImage } from '../clean-image';
import {
  checkMediaFile,
  cleanFileName,
  IMAGES_REQUIRED_MESSAGE,
  IMAGES_REQUIRED_TITLE,
  isImageKind,
  MEDIA_LABEL,
} from '../media-file';
import { CorruptImageError, type ImageKind } from '../strip-metadata';
import { FilePicker } from './file-picker';
import { MetadataReport } from './metadata-report';
import { ToolExplainer } from './tool-explainer';

const ACCEPT = 'image/jpeg,image/png,image/gif';
const IMAGE_TYPE: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

type Picked = { file: File; kind: ImageKind };
type Slot = 'main' | 'second';
type Done = { main: CleanedImage; second: CleanedImage };

/**
 * Dashboard tab 'image-masker' ('Ocultar Criativo'): choose two images, process,
 * done; the second image is not downloadable. The screen says plainly that nothing is hidden inside anything:
 * both images are read and checked, and the main one can be downloaded without its metadata. No server call.
 */
export default function ImageHiderTab() {
  const [picked, setPicked] = useState<Record<Slot, Picked | null>>({ main: null, second: null });
  const [errors, setErrors] = useState<Partial<Record<Slot, string>>>({});
  const [working, setWorking] = useState(false);
  const [done, setDone] = useState<Done | null>(null);

  const pick = async (slot: Slot, file: File) => {
    const checked = await checkMediaFile(file, { imagesOnly: true });
    if (!checked.ok || !isImageKind(checked.kind)) {
      const message = checked.ok ? '' : checked.message;
      setErrors((e) => ({ ...e, [slot]: message }));
      setPicked((p) => ({ ...p, [slot]: null }));
      if (!checked.ok) toast.error(checked.title, { description: checked.message });
      return;
    }
    setErrors((e) => ({ ...e, [slot]: undefined }));
    setPicked((p) => ({ ...p, [slot]: { file, kind: checked.kind as ImageKind } }));
  };

  const clear = (slot: Slot) => setPicked((p) => ({ ...p, [slot]: null }));

  const reset = () => {
    setPicked({ main: null, second: null });
    setErrors({});
    setDone(null);
  };

  const process = async () => {
    const { main, second } = picked;
    if (!main || !second) {
      setErrors({
        main: main ? undefined : IMAGES_REQUIRED_MESSAGE,
        second: second ? undefined : IMAGES_REQUIRED_MESSAGE,
      });
      toast.error(IMAGES_REQUIRED_TITLE, { description: IMAGES_REQUIRED_MESSAGE });
      return;
    }
    setWorking(true);
    const [cleanMain, cleanSecond] = await Promise.allSettled([
      cleanImage(main.file, main.kind),
      cleanImage(second.file, second.kind),
    ]);
    setWorking(false);
    if (cleanMain.status === 'fulfilled' && cleanSecond.status === 'fulfilled') {
      setDone({ main: cleanMain.value, second: cleanSecond.value });
      toast.success('Imagens verificadas');
      return;
    }
    const failure = (result: PromiseSettledResult<CleanedImage>) =>
      result.status === 'fulfilled'
        ? undefined
        : result.reason instanceof CorruptImageError
          ? result.reason.message
          : 'Não foi possível ler esta imagem. Tente novamente.';
    const next = { main: failure(cleanMain), second: failure(cleanSecond) };
    setErrors(next);
    toast.error('Erro ao processar', { description: next.main ?? next.second });
  };

  const download = () => {
    if (!done || !picked.main) return;
    downloadFile(
      cleanFileName(picked.main.file.name, done.main.kind),
      done.main.bytes as BlobPart,
      IMAGE_TYPE[done.main.kind],
    );
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Escolha as duas imagens</h2>
          <p className="text-sm text-muted">JPG, PNG ou GIF, até 100MB cada.</p>
        </div>

        {done && picked.main && picked.second ? (
          <div className="space-y-4">
            <Notice variant="green" title="Imagens verificadas">
              <p>
                Nenhuma imagem foi escondida dentro da outra. A imagem principal está pronta para baixar sem
                metadados; a segunda imagem não é baixada.
              </p>
            </Notice>
            <section aria-labelledby="hider-main" className="space-y-2 rounded-lg border border-border p-4">
              <h3 id="hider-main" className="text-sm font-semibold">
                Imagem principal: <span className="break-words font-normal">{picked.main.file.name}</span> (
                {MEDIA_LABEL[done.main.kind]})
              </h3>
              <MetadataReport image={done.main} />
            </section>
            <section aria-labelledby="hider-second" className="space-y-2 rounded-lg border border-border p-4">
              <h3 id="hider-second" className="text-sm font-semibold">
                Segunda imagem: <span className="break-words font-normal">{picked.second.file.name}</span> (
                {MEDIA_LABEL[done.second.kind]})
              </h3>
              <p className="text-sm text-zinc-300">
                {done.second.dimensions
                  ? `${done.second.dimensions.width} × ${done.second.dimensions.height} px. `
                  : ''}
                {done.second.removed.length > 0
                  ? `Tem metadados (${done.second.removed.length} ${done.second.removed.length === 1 ? 'tipo' : 'tipos'}). Para limpá-la, use 'Mascarar Criativo'.`
                  : 'Não tem metadados.'}
              </p>
            </section>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={reset}>
                <RotateCcw className="h-4 w-4" aria-hidden />
                Recomeçar
              </Button>
              <Button onClick={download}>
                <Download className="h-4 w-4" aria-hidden />
                Baixar Imagem Principal
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <div className="grid gap-4 md:grid-cols-2">
              <FilePicker
                label="Imagem principal"
                hint="JPG, PNG ou GIF"
                accept={ACCEPT}
                file={picked.main?.file ?? null}
                error={errors.main}
                disabled={working}
                onPick={(file) => void pick('main', file)}
                onClear={() => clear('main')}
              />
              <FilePicker
                label="Segunda imagem"
                hint="JPG, PNG ou GIF"
                accept={ACCEPT}
                file={picked.second?.file ?? null}
                error={errors.second}
                disabled={working}
                onPick={(file) => void pick('second', file)}
                onClear={() => clear('second')}
              />
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              {picked.main || picked.second ? (
                <Button variant="secondary" onClick={reset} disabled={working}>
                  <RotateCcw className="h-4 w-4" aria-hidden />
                  Recomeçar
                </Button>
              ) : null}
              <Button onClick={() => void process()} disabled={working} className="sm:min-w-48">
                {working ? <Spinner className="h-4 w-4" /> : <ScanSearch className="h-4 w-4" aria-hidden />}
                {working ? 'Verificando...' : 'Verificar Imagens'}
              </Button>
            </div>
          </div>
        )}
      </Card>

      <ToolExplainer title="O que esta ferramenta faz">
        <p>
          Esta ferramenta não esconde um criativo dentro de outra imagem e não gera nenhum arquivo combinado:
          esconder conteúdo da revisão das plataformas de anúncio viola as regras delas e pode bloquear sua
          conta.
        </p>
        <p>
          O que ela faz: lê as duas imagens, confere formato e tamanho, mostra os metadados que cada uma
          carrega (localização, aparelho, autor) e entrega a imagem principal sem esses metadados, com os
          pixels intactos.
        </p>
        <p>Tudo acontece no seu navegador: nenhuma imagem é enviada para um servidor.</p>
      </ToolExplainer>
    </div>
  );
}
