import { describe, expect, it } from 'vitest';
import { DASHBOARD_TABS, TAB_GROUPS, TAB_IDS } from './tabs';

describe('dashboard tabs', () => {
  it('lists each of the 21 spec tab ids exactly once, in a known group', () => {
    expect(TAB_IDS).toHaveLength(21);
    expect(DASHBOARD_TABS.map((t) => t.id).sort()).toEqual([...TAB_IDS].sort());
    for (const tab of DASHBOARD_TABS) expect(TAB_GROUPS).toContain(tab.group);
  });

  it('enables every tab: the five the spec listed as coming soon are built (issue #10)', () => {
    expect(DASHBOARD_TABS.filter((t) => t.comingSoon).map((t) => t.id)).toEqual([]);
    expect(DASHBOARD_TABS.filter((t) => t.group === 'Criação').map((t) => t.id)).toEqual([
      'fabrica-criativos',
      'gerador-vsl',
      'criador-produtos',
      'criador-upsells',
    ]);
    expect(DASHBOARD_TABS.filter((t) => t.group === 'Primeiros Passos').map((t) => t.id)).toEqual([
      'mapa-iniciante',
    ]);
    // No group is left empty in the sidebar.
    for (const group of TAB_GROUPS) expect(DASHBOARD_TABS.some((t) => t.group === group)).toBe(true);
  });
});
