import { useSyncExternalStore } from 'react';

/**
 * A counter rather than a boolean, so overlapping long operations (two exports at once) keep the overlay up
 * until the last one ends. Plain module state works across remotes because @psb/ui is a shared singleton.
 */
let running = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const longOperation = {
  start() {
    running += 1;
    emit();
  },
  stop() {
    running = Math.max(0, running - 1);
    emit();
  },
  /** Shows the overlay while `work` runs. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    longOperation.start();
    try {
      return await work();
    } finally {
      longOperation.stop();
    }
  },
};

export function useLongOperationRunning(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => running > 0,
    () => false,
  );
}
