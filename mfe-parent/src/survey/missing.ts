import type { MissingItem } from '@psb/contracts/parent';
import { CUSTOM_TAB_KEY, isCustomQuestionNo } from '@psb/contracts/survey';
import { FIXED_LAYOUT } from './engine';

/** Missing required answers grouped by the form's tab (the father's and mother's fields share labels). */
export function groupMissing(missing: readonly MissingItem[]): { tab: string; labels: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const m of missing) {
    const key = isCustomQuestionNo(m.no)
      ? CUSTOM_TAB_KEY
      : (FIXED_LAYOUT.pageOfQuestion.get(m.no)?.tab ?? '');
    const tab = key === CUSTOM_TAB_KEY ? 'Tambahan' : FIXED_LAYOUT.tabTitle(key);
    groups.set(tab, [...(groups.get(tab) ?? []), m.label]);
  }
  return [...groups].map(([tab, labels]) => ({ tab, labels }));
}
