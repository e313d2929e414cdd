/** Where the live remote versions are published; a deployment is one change to this file. */
export const REGISTRY_URL = '/mfe/registry.json';

let registryResponse: Promise<Response> | undefined;

/**
 * The registry request, started by the entry chunk before the async boundary fetches React, Mantine and the
 * app: it then travels while those scripts load instead of after them. Always from the network (`no-store`),
 * so remote code is only ever loaded from the versions live right now. This module must stay free of imports:
 * it runs before Module Federation has negotiated the shared libraries.
 */
export function registryRequest(): Promise<Response> {
  if (!registryResponse) {
    registryResponse = fetch(REGISTRY_URL, { cache: 'no-store' });
    // A failure is handled where the registry is read (every remote page falls back); until then it must
    // not surface as an unhandled rejection.
    registryResponse.catch(() => {});
  }
  return registryResponse;
}

let themeResponse: Promise<Response> | null | undefined;

/**
 * The tenant-colour request, started as early as the registry's when the api is on this origin (no api
 * pattern configured: the default `/api/v1`); null otherwise, and then `@psb/api-client` asks later. The
 * first view of a first visit waits for this colour, so starting it here keeps it off the critical path.
 */
export function themeRequest(): Promise<Response> | null {
  if (themeResponse === undefined) {
    // The server drew the home's first view and sent the colour with it: no request at all.
    const embedded = document.getElementById('psb-boot-theme')?.textContent;
    if (embedded) {
      themeResponse = Promise.resolve(
        new Response(embedded, { headers: { 'content-type': 'application/json' } }),
      );
      return themeResponse;
    }
    const pattern =
      window.__PSB_API_PATTERN__ ||
      document.querySelector<HTMLMetaElement>('meta[name="psb-api-pattern"]')?.content;
    themeResponse = pattern ? null : fetch('/api/v1/public/theme');
    themeResponse?.catch(() => {});
  }
  return themeResponse;
}
