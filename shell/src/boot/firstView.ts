/**
 * The server draws the public home as plain HTML (`#psb-first-view`, placed before `#root`, which stays hidden
 * while it is there) so a slow phone sees content before the app has loaded. The first routed page that
 * renders, or fails to, removes it, in the same frame in which the app appears.
 */
export function endFirstView() {
  document.getElementById('psb-first-view')?.remove();
}
