import { cssReferences } from './css-references';
import { htmlFileUrls, readHtml } from './html-document';
import { type Captured, isFailure, mimeOf, type ResourceCollector } from './resource-collector';

/** URLs a style sheet refers to (url(), @import, image-set()), resolved against the sheet. */
function cssFileUrls(captured: Captured): string[] {
  const urls: string[] = [];
  for (const ref of cssReferences(captured.body.toString('utf8'))) {
    if (!ref.value.trim() || /^(data|blob):/i.test(ref.value.trim())) continue;
    try {
      const url = new URL(ref.value.trim(), captured.url);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.push(url.href);
    } catch {}
  }
  return urls;
}

const stoppedOr =
  (signal: AbortSignal) =>
  (error: unknown): string[] => {
    if (signal.aborted) return [];
    throw error;
  };

/** The files the fetched pages and style sheets refer to (parse5 and css-tree: run on a worker thread). */
export function fileUrlsOf(files: Captured[]): string[] {
  const urls: string[] = [];
  for (const file of files) {
    const mime = mimeOf(file);
    if (mime === 'text/html')
      urls.push(...htmlFileUrls(readHtml(file.body.toString('utf8'), new URL(file.url))));
    else if (mime === 'text/css') urls.push(...cssFileUrls(file));
  }
  return urls;
}

/**
 * Pass 2: what no rendered size loaded. The page's HTML and every fetched page (frames) and style sheet are parsed
 * (parse5, css-tree) for their files: every srcset and image-set candidate, other media queries' images, posters and
 * video sources, lazy-loading attributes, favicons and icons, @import; new style sheets found are read in turn.
 * `fileUrls` is fileUrlsOf, run off the event loop (cloner.tasks.ts).
 */
export async function staticPass(
  collector: ResourceCollector,
  concurrency: number,
  signal: AbortSignal,
  fileUrls: (files: Captured[]) => Promise<string[]>,
) {
  const read = new Set<string>();
  for (let round = 0; round < 6 && !signal.aborted && !collector.limitReached; round++) {
    const toRead: Captured[] = [];
    for (const result of await collector.all()) {
      if (isFailure(result) || read.has(result.url) || result.status < 200 || result.status >= 300) continue;
      read.add(result.url);
      const mime = mimeOf(result);
      if (mime === 'text/html' || mime === 'text/css') toRead.push(result);
    }
    // A clone stopped meanwhile (time-out, client gone) cancels the parse: the caller reports why it stopped.
    const found = toRead.length > 0 ? await fileUrls(toRead).catch(stoppedOr(signal)) : [];
    const wanted = new Set(found);
    if (wanted.size === 0) return;
    const queue = [...wanted];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (
          let url = queue.shift();
          url && !signal.aborted && !collector.limitReached;
          url = queue.shift()
        ) {
          await collector.resolve(url);
        }
      }),
    );
  }
}
