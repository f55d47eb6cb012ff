import { describe, expect, it } from 'vitest';
import { DASHBOARD_TABS, TAB_GROUPS, TAB_IDS } from './tabs';

describe('dashboard tabs', () => {
  it('lists each of the 21 spec tab ids exactly once, in a known group', () => {
    expect(TAB_IDS).toHaveLength(21);
    expect(DASHBOARD_TABS.map((t) => t.id).sort()).toEqual([...TAB_IDS].sort());
    for (const tab of DASHBOARD_TABS) expect(TAB_GROUPS).toContain(tab.group);
  });

  it('marks exactly the five spec tabs as coming soon', () => {
    expect(DASHBOARD_TABS.filter((t) => t.comingSoon).map((t) => t.id)).toEqual([
      'mapa-iniciante',
      'fabrica-criativos',
      'gerador-vsl',
      'criador-produtos',
      'criador-upsells',
    ]);
  });
});
