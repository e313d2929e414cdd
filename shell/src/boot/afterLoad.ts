/**
 * Runs work the opened page does not need once the page's own scripts are in (the window's load event) and
 * the browser is idle, so on a slow line it does not compete with them for bandwidth or the main thread.
 */
export function afterLoadWhenIdle(task: () => void) {
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => task(), { timeout: 5000 });
    else setTimeout(task, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
