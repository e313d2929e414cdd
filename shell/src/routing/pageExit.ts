/**
 * Set while the page is being left for a full reload (logout). The route guard then stays quiet instead of
 * treating the just-cleared session as an unauthenticated visit and redirecting to the 404 page.
 */
export const pageExit = { leaving: false };
