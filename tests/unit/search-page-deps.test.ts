/** @jest-environment jsdom */
// The advanced search's client code must not load zod (decision 029: 31 kB gzip and its set-up at
// page load cost the phone's Lighthouse score several points). The query schema lives in
// lib/search/schemas.ts, which only the server and the signed-in forms use.
test('lib/filters and the advanced search page components load without zod', () => {
  jest.isolateModules(() => {
    jest.doMock('zod', () => {
      throw new Error('zod was loaded');
    });
    expect(() => require('@/lib/filters')).not.toThrow();
    expect(() => require('@/components/search/search-url')).not.toThrow();
    expect(() => require('@/components/search/advanced-search')).not.toThrow();
  });
});

test('the check itself: a module that uses zod fails it', () => {
  jest.isolateModules(() => {
    jest.doMock('zod', () => {
      throw new Error('zod was loaded');
    });
    expect(() => require('@/lib/search/schemas')).toThrow('zod was loaded');
  });
});
