import type { MissingItem } from '@psb/contracts/parent';
import { PAGE_OF_QUESTION, tabTitle } from '../survey/engine';

/** Missing required answers grouped by the form's tab (the father's and mother's fields share labels). */
export function groupMissing(missing: readonly MissingItem[]): { tab: string; labels: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const m of missing) {
    const tab = tabTitle(PAGE_OF_QUESTION.get(m.no)?.tab ?? '');
    groups.set(tab, [...(groups.get(tab) ?? []), m.label]);
  }
  return [...groups].map(([tab, labels]) => ({ tab, labels }));
}
