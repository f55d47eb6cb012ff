import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../lib/paths';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** docs/grafana-dashboard.json: valid JSON, and every metric its queries name is one the app exposes. */
const DASHBOARD = path.join(projectRoot, 'docs/grafana-dashboard.json');

/** PromQL words that are not metric names (functions are recognised by the parenthesis that follows them). */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
]);

/**
 * The metric names a PromQL expression reads: its identifiers, minus strings, label sets, ranges, groupings and
 * functions.
 */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    // Grafana's variable query label_values(<metric>, <label>): the label is not a metric.
    .replace(/label_values\(\s*([^,()]+?)\s*,\s*\w+\s*\)/g, ' $1 ')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = match[0];
    const next = bare.slice((match.index ?? 0) + word.length).trimStart();
    if (next.startsWith('(') || KEYWORDS.has(word) || /^\d/.test(word)) continue;
    names.add(word);
  }
  return [...names];
}

interface Panel {
  id: number;
  title: string;
  type: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: Array<{ expr: string; refId: string }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/grafana-dashboard.json', () => {
  it('is a Grafana dashboard whose every query reads metrics the app exposes', async () => {
    const dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8')) as {
      uid: string;
      title: string;
      panels: Panel[];
      templating: { list: Array<{ name: string; definition?: string }> };
    };
    expect(dashboard.uid).toBe('clube-escala');
    const panels = dashboard.panels;
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    const exprs = panels.flatMap((p) => p.targets?.map((target) => target.expr) ?? []);
    for (const p of panels) {
      expect(p.title, `painel ${p.id}`).toMatch(/\S/);
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
      expect(p.gridPos.x + p.gridPos.w, p.title).toBeLessThanOrEqual(24);
    }
    const variables = dashboard.templating.list.flatMap((v) => (v.definition ? [v.definition] : []));

    // What the issue asks the dashboard to show, each in some query.
    const all = exprs.join('\n');
    for (const needed of [
      'clube_http_request_duration_seconds_count',
      'histogram_quantile(0.95',
      'histogram_quantile(0.99',
      'status=~"5.."',
      'nodejs_eventloop_lag_p99_seconds',
      'clube_db_pool_in_use_connections',
      'clube_db_pool_waiting_requests',
      'clube_jobs_running',
      'clube_notification_sends_total',
      'result="failed"',
      'clube_backup_last_success_timestamp_seconds',
    ]) {
      expect(all, needed).toContain(needed);
    }

    // One request answered, so the histogram has series; then the app's own exposition.
    await t.app.inject({ url: '/api/health/live' });
    const exposed = await t.app.metrics.text();
    const names = new Set(
      exposed
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => /^[A-Za-z_:][A-Za-z0-9_:]*/.exec(line)?.[0]),
    );
    const read = [...exprs, ...variables].flatMap(metricNamesOf);
    expect(read.length).toBeGreaterThan(10);
    const missing = [...new Set(read)].filter((name) => !names.has(name));
    expect(missing).toEqual([]);
  });

  it('reads metric names out of PromQL (and would see a wrong one)', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.95, sum by (le, route) (rate(clube_http_request_duration_seconds_bucket{instance=~"$instance",status=~"5.."}[5m])))',
      ),
    ).toEqual(['clube_http_request_duration_seconds_bucket']);
    expect(metricNamesOf('time() - max(clube_backup_ultimo{a="b"}) / on (x) outra_metrica')).toEqual([
      'clube_backup_ultimo',
      'outra_metrica',
    ]);
    expect(metricNamesOf('label_values(clube_http_request_duration_seconds_count, instance)')).toEqual([
      'clube_http_request_duration_seconds_count',
    ]);
  });
});
