import '@testing-library/jest-dom';

// A component test's first render also loads its modules (Radix, TanStack): on a loaded 2-core
// machine that alone passed jest's 5 s default. The timeout only catches hangs.
jest.setTimeout(20_000);

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
