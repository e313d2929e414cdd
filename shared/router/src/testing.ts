/**
 * In-memory routers for unit tests only (jest resolves one react-router for the test and for
 * @psb/router, so the context is the same). Kept out of the main entry, which is what the browser loads:
 * apps never need them there, and a bundled import of this file would bring a second react-router.
 */
export { createMemoryRouter, MemoryRouter } from 'react-router';
