import type { Browser } from 'playwright-core';
import { launchClonerBrowser, type SandboxLog } from './sandbox';

const IDLE_CLOSE_MS = 5 * 60 * 1000;

export interface BrowserHolder {
  /** The running browser (launched on first use); pair with `release`. */
  acquire(): Promise<Browser>;
  release(): void;
  close(): Promise<void>;
}

/**
 * The instance's headless Chromium (the app's `browsers`: the cloner's render pass and the funnel screenshots), kept
 * warm between uses and closed after a while unused and when the app closes. It never reaches the network itself:
 * every request of its pages is intercepted and answered through the guarded client (render-pass.ts); whatever is not (a WebSocket, a prefetch) meets a proxy that does not
 * exist and a resolver that resolves nothing. It runs with Chromium's sandbox, as uid 65534 when the server is root,
 * wherever the platform allows it (sandbox.ts).
 */
export function createBrowserHolder(log?: SandboxLog): BrowserHolder {
  let launching: Promise<Browser> | undefined;
  let users = 0;
  let idle: NodeJS.Timeout | undefined;
  let closed = false;
  const shut = async () => {
    const pending = launching;
    launching = undefined;
    if (pending) await (await pending.catch(() => null))?.close().catch(() => {});
  };
  return {
    async acquire() {
      if (closed) throw new Error('o navegador do servidor foi encerrado');
      clearTimeout(idle);
      users++;
      try {
        if (!launching) {
          launching = launchClonerBrowser(log);
          launching.catch(() => {
            launching = undefined;
          });
        }
        const browser = await launching;
        if (!browser.isConnected()) {
          launching = undefined;
          return await this.acquire().finally(() => users--);
        }
        return browser;
      } catch (err) {
        users--;
        throw err;
      }
    },
    release() {
      users = Math.max(0, users - 1);
      if (users === 0) {
        clearTimeout(idle);
        idle = setTimeout(() => void shut(), IDLE_CLOSE_MS);
        idle.unref();
      }
    },
    async close() {
      closed = true;
      clearTimeout(idle);
      await shut();
    },
  };
}
