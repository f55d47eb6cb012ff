import type { CleanedImage } from '../clean-image';
import { formatFileSize } from '../media-file';

/** What stripping found and removed (or that there was nothing), what was kept, and the sizes. */
export function MetadataReport({ image }: { image: CleanedImage }) {
  const { removed, kept, dimensions, sizeBefore, sizeAfter } = image;
  return (
    <div className="space-y-3 text-sm">
      {removed.length > 0 ? (
        <div className="space-y-1.5">
          <p className="font-medium">Removido do arquivo:</p>
          <ul className="list-disc space-y-1 pl-5 text-zinc-300">
            {removed.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-zinc-300">Esta imagem não tinha metadados: o arquivo limpo é igual ao original.</p>
      )}
      {kept.length > 0 ? <p className="text-zinc-300">Mantido de propósito: {kept.join('; ')}.</p> : null}
      <p className="text-xs text-muted">
        {dimensions ? `${dimensions.width} × ${dimensions.height} px · ` : ''}
        {formatFileSize(sizeBefore)} antes, {formatFileSize(sizeAfter)} depois. Os pixels da imagem não
        mudaram.
      </p>
    </div>
  );
}
