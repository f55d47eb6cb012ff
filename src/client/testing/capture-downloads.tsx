import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { createFetchStub } from './render-with-providers';

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

/**
 * The hooks of a tool that works in the browser alone (the creators, the generators, the maskers): each test starts
 * with empty storage, its downloads captured and a fetch stub that answers nothing, so any network call shows up in
 * `stub.unexpected`. Call once at the top of the file; read `downloads` and `stub` inside the tests.
 */
export function offlineTool() {
  const tool = { downloads: [] as CapturedDownload[], stub: createFetchStub({}) };
  beforeEach(() => {
    localStorage.clear();
    tool.downloads = captureDownloads();
    tool.stub = createFetchStub({});
    vi.stubGlobal('fetch', tool.stub.fetch);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return tool;
}

/** Renders a screen with the toaster beside it, as the app shows it. */
export function renderWithToaster(ui: ReactNode) {
  return render(
    <>
      {ui}
      <Toaster />
    </>,
  );
}
