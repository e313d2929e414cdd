import { cloneElement, type ReactElement, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * False in the first render of the component that calls it, true in a transition right after its first
 * commit.
 *
 * For parts that are not visible at start and would set state while they mount:
 * - Mantine's portals (the containers of notifications and modals, a menu's dropdown) set it in layout effects;
 * - so do floating elements (a menu placing itself under its button) and scroll areas (measuring themselves).
 *
 * Such an update is synchronous. In the app's first commit, React would then run every effect of the page (its
 * queries' requests among them) and render again, all in the same long task. Mounted a moment later, each of
 * these parts costs a short task of its own.
 */
export function useAfterFirstCommit() {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

/** Renders its children only after the first commit (see useAfterFirstCommit). */
export function AfterFirstCommit({ children }: { children: ReactNode }) {
  return useAfterFirstCommit() ? children : null;
}

/**
 * A menu or popover that mounts after the first commit (see useAfterFirstCommit). Until then its target stands
 * alone. A click on it in that moment is kept, and the menu opens as soon as it mounts.
 */
export function FloatingAfterFirstCommit({
  target,
  floating,
}: {
  /** The button that opens it. */
  target: ReactElement<{ onClick?: () => void }>;
  /** The menu or popover around the target, opened from the start when the target was already clicked. */
  floating: (target: ReactElement, defaultOpened: boolean) => ReactNode;
}) {
  const ready = useAfterFirstCommit();
  const [clicked, setClicked] = useState(false);
  if (!ready) return cloneElement(target, { onClick: () => setClicked(true) });
  return floating(target, clicked);
}
