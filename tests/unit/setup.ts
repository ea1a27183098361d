import '@testing-library/jest-dom';

// jsdom (the component tests) lacks what Radix and cmdk use to measure, scroll and capture the
// pointer; the node-environment tests have no DOM at all.
if (typeof Element !== 'undefined') {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}
