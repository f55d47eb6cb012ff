import type { AppConfig } from '../config';

type Deadlines = Pick<
  AppConfig,
  'SHUTDOWN_TIMEOUT_SECONDS' | 'SHUTDOWN_DRAIN_SECONDS' | 'JOB_SHUTDOWN_SECONDS'
>;

/** Beyond the graceful steps, what closing the pool, the schedules and the embedded PostgreSQL may take. */
const CLOSING_SECONDS = 45;

/**
 * How long a stop may take before the server gives up and exits 1 on its own: the in-flight requests'
 * SHUTDOWN_TIMEOUT_SECONDS, plus (on SIGTERM, `drain`) the longer of the balancer's drain and the running jobs' time,
 * which run side by side, plus the closing. A supervisor's stop timeout (systemd TimeoutStopSec, Docker's
 * stop_grace_period) must be above it, or it kills the server before the server stops PostgreSQL.
 */
export function forcedExitSeconds(config: Deadlines | undefined, drain: boolean): number {
  const grace = config?.SHUTDOWN_TIMEOUT_SECONDS ?? 10;
  const sideBySide = Math.max(
    config?.SHUTDOWN_DRAIN_SECONDS ?? 0,
    drain ? (config?.JOB_SHUTDOWN_SECONDS ?? 0) : 0,
  );
  return grace + sideBySide + CLOSING_SECONDS;
}
