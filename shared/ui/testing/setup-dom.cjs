// jsdom lacks a few browser APIs that Mantine and the session cipher use; these stubs only make them exist.
require('@testing-library/jest-dom');

// findBy*/waitFor wait up to 5 s instead of 1 s: a first render of a Mantine table on a busy two-core CI
// machine can take longer than a second, and a slow pass must not read as a failure.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

if (typeof TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// react-router's data routers create a Request per navigation; jsdom has no fetch classes. Only the
// fields the router reads are provided. (Tests of the http client run in the node environment instead.)
if (typeof window !== 'undefined' && typeof Request === 'undefined') {
  globalThis.Request = class Request {
    constructor(input, init = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = init.headers ?? {};
    }
  };
}

if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query) => ({
      // The empty query must match, otherwise some Mantine components render no content.
      matches: query === '',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
  globalThis.ResizeObserver = ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView = () => {};
}
