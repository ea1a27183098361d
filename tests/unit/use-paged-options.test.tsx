/** @jest-environment jsdom */
// The send dialog's paged pickers: "more" appends the next page, typing searches from page 1 after
// 300 ms, and a "more" clicked right after opening is not undone (the search timer ran once on
// opening too and reloaded page 1: the flaky sending e2e).
import { act, renderHook } from '@testing-library/react';
import { usePagedOptions } from '@/components/sending/use-paged-options';

type Item = { Id: number };
const pageOf = (search: string, page: number) => ({
  Items: [{ Id: page * 10 + search.length }],
  NumberOfPages: 2,
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

test('a "more" clicked right after opening keeps page 2; the opening does not reload page 1', async () => {
  const fetchPage = jest.fn(async (search: string, page: number) => pageOf(search, page));
  const { result } = renderHook(() => usePagedOptions<Item>(true, fetchPage, jest.fn()));
  await flush();
  expect(fetchPage.mock.calls).toEqual([['', 1]]);
  act(() => result.current.loadMore());
  await flush();
  await act(async () => {
    jest.advanceTimersByTime(1000);
  });
  await flush();
  expect(fetchPage.mock.calls).toEqual([
    ['', 1],
    ['', 2],
  ]);
  expect(result.current.items).toEqual([{ Id: 10 }, { Id: 20 }]);
  expect(result.current.hasMore).toBe(false);
});

test('typing searches from page 1, 300 ms after the last key', async () => {
  const fetchPage = jest.fn(async (search: string, page: number) => pageOf(search, page));
  const { result } = renderHook(() => usePagedOptions<Item>(true, fetchPage, jest.fn()));
  await flush();
  act(() => result.current.setText('ab'));
  await act(async () => {
    jest.advanceTimersByTime(299);
  });
  expect(fetchPage).toHaveBeenCalledTimes(1);
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
  await flush();
  expect(fetchPage).toHaveBeenLastCalledWith('ab', 1);
  expect(result.current.items).toEqual([{ Id: 12 }]);
});
