import pg from 'pg';

/**
 * The channel the database triggers of migrations 0003 and 0005 notify. A payload is a topic, optionally followed
 * by ':' and comma-separated ids (a topic without ids means all of it): `offers:<offer id>,...` (these offers were
 * created, edited, hidden or deleted; bare past 200 in one statement, migration 0016),
 * `likes:<offer id>=<like count>,...` (only these like counts changed, to these values; migration 0008), `banners`, `users:<id,...>` (a user row changed),
 * `sessions:<user id,...>` (sessions ended), `flags:<user id,...>` (these members' likes or favourites changed),
 * `unread:<user id,...>` (these members' notification copies changed), `*` (everything).
 */
export const CHANGE_CHANNEL = 'ce_changes';

export interface Change {
  topic: string;
  ids: string[];
}

export interface ChangeFeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const BACKOFF_MIN_MS = 250;
const BACKOFF_MAX_MS = 10_000;
/**
 * A write's own invalidations must be seen locally before its response leaves; past this the feed is dropped
 * (caches off until it reconnects). Generous: an overloaded instance answering slowly is not a lost feed.
 */
const SYNC_TIMEOUT_MS = 5_000;
/**
 * While live, a round trip on the LISTEN connection this often: a connection that stalled without closing (a
 * NAT or proxy that stopped forwarding) fails it within SYNC_TIMEOUT_MS and is dropped (caches off, reconnect).
 */
const HEARTBEAT_MS = 5_000;

/** An item of a counted payload, `<id>=<n>` (`likes`); a bare id has no count. */
export function parseCounted(item: string): { id: string; count?: number } {
  const eq = item.lastIndexOf('=');
  if (eq < 0) return { id: item };
  const count = Number(item.slice(eq + 1));
  return Number.isInteger(count) ? { id: item.slice(0, eq), count } : { id: item };
}

export function parseChange(payload: string): Change {
  const colon = payload.indexOf(':');
  if (colon < 0) return { topic: payload, ids: [] };
  return {
    topic: payload.slice(0, colon),
    ids: payload
      .slice(colon + 1)
      .split(',')
      .filter(Boolean),
  };
}

/**
 * One LISTEN connection per process (per app instance): every cache of this instance subscribes to it.
 * - `live` is true only while LISTEN is established; caches bypass themselves otherwise (correctness over speed).
 * - Any (re)connection or loss calls every subscriber's reset: notifications may have been missed.
 * - It reconnects with exponential backoff when the database goes away and never throws into the process.
 * - `sync()` is a read-your-writes barrier: a query on the LISTEN connection returns only after PostgreSQL has
 *   delivered the notifications of every transaction committed before it, so after `sync()` this instance's
 *   caches have dropped what its own writes changed.
 */
export class ChangeFeed {
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly subscribers: Array<{ onChange(c: Change): void; onReset(): void }> = [];
  private firstLive: Promise<void>;
  private syncRunning: Promise<void> | null = null;
  private syncQueued: Promise<void> | null = null;
  private resolveFirstLive!: () => void;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastHeard = 0;
  /** When the feed last stopped being live (or was started), null while live or before start. */
  private downSince: number | null = null;

  constructor(
    private readonly clientConfig: pg.ClientConfig | null,
    private readonly log?: ChangeFeedLog,
    private readonly timing: { heartbeatMs: number; timeoutMs: number } = {
      heartbeatMs: HEARTBEAT_MS,
      timeoutMs: SYNC_TIMEOUT_MS,
    },
  ) {
    this.firstLive = new Promise((resolve) => {
      this.resolveFirstLive = resolve;
    });
  }

  /** The PostgreSQL backend pid of the LISTEN connection (operations and tests), null while disconnected. */
  get backendPid(): number | null {
    const pid = (this.client as unknown as { processID?: number } | null)?.processID;
    return this.listening && pid ? pid : null;
  }

  get live(): boolean {
    return this.listening && !this.closed;
  }

  /** For readiness: whether the feed is live, and when its connection last answered a round trip. */
  get state(): { live: boolean; lastHeardAt: string | null } {
    return { live: this.live, lastHeardAt: this.lastHeard ? new Date(this.lastHeard).toISOString() : null };
  }

  /** How long the feed has been down (0 while live, or before it was started): readiness turns 503 past a grace. */
  downForMs(now = Date.now()): number {
    return this.live || this.downSince === null ? 0 : Math.max(0, now - this.downSince);
  }

  /** Resolves once LISTEN is first established (tests wait for it; the app never needs to). */
  whenLive(): Promise<void> {
    return this.firstLive;
  }

  subscribe(subscriber: { onChange(c: Change): void; onReset(): void }): void {
    this.subscribers.push(subscriber);
  }

  start(): void {
    if (this.clientConfig && !this.live) this.downSince ??= Date.now();
    if (this.clientConfig && !this.closed && !this.client && !this.timer) void this.connect();
  }

  /**
   * Concurrent callers share round trips: one `select 1` is in flight at a time, and everyone who calls while it
   * runs shares the next one (the one in flight may have been sent before their commit). Under load that is two
   * queries, not one per write queued on the connection.
   */
  sync(): Promise<void> {
    const client = this.client;
    if (!client || !this.listening) return Promise.resolve();
    if (!this.syncRunning) return this.startSync(client);
    this.syncQueued ??= this.syncRunning.then(() => {
      this.syncQueued = null;
      const next = this.client;
      return next && this.listening ? this.startSync(next) : undefined;
    });
    return this.syncQueued;
  }

  private startSync(client: pg.Client): Promise<void> {
    const running: Promise<void> = this.syncRoundTrip(client).finally(() => {
      if (this.syncRunning === running) this.syncRunning = null;
    });
    this.syncRunning = running;
    return running;
  }

  private async syncRoundTrip(client: pg.Client): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('select 1'),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('change feed sync timed out')), this.timing.timeoutMs);
        }),
      ]);
      this.lastHeard = Date.now();
    } catch (err) {
      // Unsure what was delivered: drop the connection (caches reset and bypass until it is back).
      if (this.client === client) this.lost(client, err);
    } finally {
      clearTimeout(timeout);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    this.setListening(false);
    if (client) await client.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      ...this.clientConfig,
      keepAlive: true,
      application_name: 'clube-escala change feed',
    });
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel !== CHANGE_CHANNEL || this.client !== client) return;
      this.publish(parseChange(msg.payload ?? '*'));
    });
    let timeout: NodeJS.Timeout | undefined;
    try {
      // Like the heartbeat's round trip: a link that stalls while connecting (or during LISTEN) fails within the
      // timeout, is dropped and tried again, instead of leaving the feed down for good.
      await Promise.race([
        client.connect().then(() => client.query(`LISTEN ${CHANGE_CHANNEL}`)),
        new Promise((_, reject) => {
          timeout = setTimeout(
            () => reject(new Error('change feed connect timed out')),
            this.timing.timeoutMs,
          );
        }),
      ]);
      if (this.client !== client || this.closed) {
        await client.end().catch(() => {});
        return;
      }
      if (this.attempt > 0) this.log?.info({ attempt: this.attempt }, 'change feed reconnected');
      this.attempt = 0;
      this.setListening(true);
      this.resolveFirstLive();
    } catch (err) {
      this.lost(client, err);
    } finally {
      clearTimeout(timeout);
    }
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.setListening(false);
    client.removeAllListeners('notification');
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.closed) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt++;
    if (this.attempt === 1 || this.attempt % 10 === 0) {
      this.log?.warn(
        { err: String(err), retryInMs: Math.round(delay) },
        'change feed disconnected: caches off',
      );
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) void this.connect();
    }, delay);
    this.timer.unref();
  }

  /** Entering or leaving the live state resets every cache (notifications may have been missed). */
  private setListening(value: boolean): void {
    if (value) this.downSince = null;
    else if (this.listening || this.downSince === null) this.downSince = Date.now();
    this.listening = value;
    if (value) this.lastHeard = Date.now();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (value && !this.closed) {
      this.heartbeat = setInterval(() => void this.sync(), this.timing.heartbeatMs);
      this.heartbeat.unref();
    }
    for (const s of this.subscribers) s.onReset();
  }

  private publish(change: Change): void {
    for (const s of this.subscribers) {
      try {
        s.onChange(change);
      } catch (err) {
        this.log?.warn({ err: String(err) }, 'change subscriber failed');
      }
    }
  }
}
