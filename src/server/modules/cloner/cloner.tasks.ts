import { handOver, type TaskTable, type WorkerPool } from '../../lib/worker-pool';
import { type Archive, buildArchive } from './archive';
import { type Captured, type FetchResult, isFailure } from './resource-collector';
import { fileUrlsOf } from './static-pass';

/**
 * The cloner's CPU-heavy steps, run on the app's worker threads (lib/worker-pool.ts): the archive (every HTML and
 * CSS file parsed and rewritten, then the ZIP) and the static pass's parses. Bodies travel as bytes: the archive
 * takes them over (no copy of a 40 MB clone; the collector's buffers are detached), the parses get copies (the
 * archive still needs them). On the thread, each body is a Buffer again.
 */

interface ArchiveInput {
  page: Captured;
  results: FetchResult[];
  scripts?: Set<string>;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const revive = <T extends FetchResult>(result: T): T =>
  isFailure(result) ? result : { ...result, body: asBuffer(result.body) };

export const clonerTasks = {
  'clone-archive'(input: ArchiveInput, transfer): Archive {
    const archive = buildArchive({
      page: revive(input.page),
      results: input.results.map(revive),
      scripts: input.scripts,
    });
    transfer(archive.zip.buffer as ArrayBuffer);
    return archive;
  },
  'clone-file-urls'(files: Captured[]): string[] {
    return fileUrlsOf(files.map(revive));
  },
} satisfies TaskTable;

/** Every answer with its body ready to travel (each distinct answer once; `copy`: the sender keeps its bytes). */
function travelling<T extends FetchResult>(results: T[], buffers: Set<ArrayBuffer>, copy: boolean) {
  const done = new Map<FetchResult, FetchResult>();
  return results.map((result) => {
    let out = done.get(result);
    if (!out) {
      out = isFailure(result) ? result : { ...result, body: handOver(result.body, buffers, copy) as Buffer };
      done.set(result, out);
    }
    return out as T;
  });
}

/** Any pool that serves the cloner's tasks (the app's serves every module's: worker-tasks.ts). */
type ClonerWorkers = WorkerPool<typeof clonerTasks>;

/**
 * buildArchive on a worker thread. The bodies of `input` are handed over: after this call they are empty here.
 * `signal` cancels it (the thread is stopped).
 */
export async function buildArchiveOffThread(
  workers: ClonerWorkers,
  input: ArchiveInput,
  signal?: AbortSignal,
): Promise<Archive> {
  const buffers = new Set<ArrayBuffer>();
  const [page, ...results] = travelling([input.page, ...input.results], buffers, false);
  const archive = await workers.run(
    'clone-archive',
    { page: page as Captured, results, scripts: input.scripts },
    { transfer: [...buffers], signal },
  );
  return archive;
}

/** fileUrlsOf on a worker thread (the bodies are copied: the caller keeps them). */
export function fileUrlsOffThread(
  workers: ClonerWorkers,
  files: Captured[],
  signal?: AbortSignal,
): Promise<string[]> {
  const buffers = new Set<ArrayBuffer>();
  return workers.run('clone-file-urls', travelling(files, buffers, true), { transfer: [...buffers], signal });
}
