import { type FileHandle, open, rename, stat } from 'node:fs/promises';

export interface RotatingLogOptions {
  /** A file grows up to this size; the write that would pass it goes to a fresh file (default 10 MB). */
  maxBytes?: number;
  /** Older files kept beside it: `<file>.1` (the newest) to `<file>.<keep>` (default 3). */
  keep?: number;
  mode?: number;
}

/**
 * An append-only log file rotated by size while it is written: when a write would take the file past `maxBytes`,
 * `<file>.<keep-1>` becomes `<file>.<keep>` (the oldest is dropped), ..., `<file>` becomes `<file>.1`, and a new
 * `<file>` takes the write. Writes are applied in order, one at a time; a chunk is never split across two files. A
 * write that fails (a full disk) is dropped, never thrown at the writer. The embedded PostgreSQL's stderr goes through
 * one of these (db/embedded.ts).
 */
export class RotatingLog {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly file: string,
    private handle: FileHandle,
    private size: number,
    private readonly maxBytes: number,
    private readonly keep: number,
    private readonly mode: number,
  ) {}

  static async open(file: string, options: RotatingLogOptions = {}): Promise<RotatingLog> {
    const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
    const keep = Math.max(1, options.keep ?? 3);
    const mode = options.mode ?? 0o640;
    const handle = await open(file, 'a', mode);
    const size = (await stat(file)).size;
    const log = new RotatingLog(file, handle, size, maxBytes, keep, mode);
    if (size >= maxBytes) await log.rotate();
    return log;
  }

  write(chunk: Buffer | string): void {
    if (this.closed) return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.queue = this.queue.then(() => this.append(bytes)).catch(() => {});
  }

  /** Waits for the writes queued so far, then closes the file. */
  async end(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    await this.handle.close().catch(() => {});
  }

  private async append(bytes: Buffer): Promise<void> {
    if (this.size > 0 && this.size + bytes.length > this.maxBytes) await this.rotate();
    await this.handle.appendFile(bytes);
    this.size += bytes.length;
  }

  private async rotate(): Promise<void> {
    await this.handle.close().catch(() => {});
    for (let n = this.keep - 1; n >= 1; n--) {
      await rename(`${this.file}.${n}`, `${this.file}.${n + 1}`).catch(() => {});
    }
    await rename(this.file, `${this.file}.1`).catch(() => {});
    this.handle = await open(this.file, 'a', this.mode);
    this.size = (await stat(this.file)).size;
  }
}
