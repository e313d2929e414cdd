let pageShown: () => void = () => {};
/**
 * Settles when the first routed page has rendered (or failed to): work that only helps later pages waits for
 * it, so it does not share a slow phone's line with the opened page's own files.
 */
export const firstPageShown = new Promise<void>((resolve) => {
  pageShown = resolve;
});

/**
 * The server draws the public home as plain HTML (`#psb-first-view`, placed before `#root`, which stays hidden
 * while it is there) so a slow phone sees content before the app has loaded. The first routed page that
 * renders, or fails to, removes it, in the same frame in which the app appears.
 */
export function endFirstView() {
  document.getElementById('psb-first-view')?.remove();
  pageShown();
}
