import { vi } from 'vitest';

/** A file the screen saved through lib/download.ts. */
export interface CapturedDownload {
  name: string;
  blob: Blob;
}

/**
 * Captures what `downloadFile` saves (the Blob behind the temporary link and the link's file name) instead of
 * letting jsdom navigate. Call in beforeEach; `vi.restoreAllMocks()` and `vi.unstubAllGlobals()` undo it.
 */
export function captureDownloads(): CapturedDownload[] {
  const downloads: CapturedDownload[] = [];
  let blob: Blob | undefined;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blob = b;
        return 'blob:arquivo';
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) downloads.push({ name: this.download, blob });
  });
  return downloads;
}

/** A Blob's text (jsdom's Blob has no text()). */
export const readBlobText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
