/** @jest-environment jsdom */
// The shared state of the signed-in paged lists (components/ui/use-paged-list.ts).
import { act, renderHook, waitFor } from '@testing-library/react';
import { usePagedList, type PagedListQuery } from '@/components/ui/use-paged-list';
import type { Paged } from '@/lib/shared/paged';

const page = (items: number[], count: number, pages: number): Paged<number> => ({ Items: items, Count: count, NumberOfPages: pages });

test('loads with the default order; a search goes back to page 1; a new order too', async () => {
  const load = jest.fn(async (q: PagedListQuery) => page([q.PageNumber], 30, 3));
  const { result } = renderHook(() => usePagedList(load, { defaultOrder: 'Name', onError: jest.fn() }));
  expect(result.current.data).toBeNull();
  await waitFor(() => expect(result.current.data?.Items).toEqual([1]));
  expect(load).toHaveBeenLastCalledWith({ OrderBy: 'Name', SearchText: '', PageNumber: 1 });

  act(() => result.current.setPage(3));
  await waitFor(() => expect(result.current.data?.Items).toEqual([3]));
  act(() => result.current.setText('  abc '));
  act(() => result.current.submitSearch());
  await waitFor(() => expect(load).toHaveBeenLastCalledWith({ OrderBy: 'Name', SearchText: 'abc', PageNumber: 1 }));

  act(() => result.current.setPage(2));
  await waitFor(() => expect(result.current.page).toBe(2));
  act(() => result.current.setOrder('Name_desc'));
  await waitFor(() => expect(load).toHaveBeenLastCalledWith({ OrderBy: 'Name_desc', SearchText: 'abc', PageNumber: 1 }));
});

test('a page emptied by a delete steps back to the last page with rows', async () => {
  let total = 3;
  const load = jest.fn(async (q: PagedListQuery) => (q.PageNumber <= total ? page([q.PageNumber], total * 10, total) : page([], (total - 1) * 10, total)));
  const { result } = renderHook(() => usePagedList(load, { defaultOrder: 'Name', onError: jest.fn() }));
  act(() => result.current.setPage(3));
  await waitFor(() => expect(result.current.data?.Items).toEqual([3]));
  total = 2;
  act(() => result.current.reload());
  await waitFor(() => expect(result.current.page).toBe(2));
  await waitFor(() => expect(result.current.data?.Items).toEqual([2]));
});

test('an answer that comes after a newer request is dropped', async () => {
  const resolvers: Array<(p: Paged<number>) => void> = [];
  const load = jest.fn(() => new Promise<Paged<number>>((r) => resolvers.push(r)));
  const { result } = renderHook(() => usePagedList(load, { defaultOrder: 'Name', onError: jest.fn() }));
  act(() => result.current.setPage(2));
  await waitFor(() => expect(resolvers).toHaveLength(2));
  await act(async () => resolvers[1](page([2], 20, 2)));
  await act(async () => resolvers[0](page([1], 20, 2))); // the old request answers last
  expect(result.current.data?.Items).toEqual([2]);
});

test('a failed load shows an empty page and reports the error; extra deps load again', async () => {
  const onError = jest.fn();
  let fail = true;
  const load = jest.fn(async () => {
    if (fail) throw new Error('nu');
    return page([7], 1, 1);
  });
  const { result, rerender } = renderHook(({ group }) => usePagedList(load, { defaultOrder: 'Name', onError, deps: [group] }), { initialProps: { group: 1 } });
  await waitFor(() => expect(result.current.data).toEqual({ Items: [], Count: 0, NumberOfPages: 0 }));
  expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'nu' }));
  fail = false;
  rerender({ group: 2 });
  expect(result.current.data).toBeNull();
  await waitFor(() => expect(result.current.data?.Items).toEqual([7]));
  expect(load).toHaveBeenCalledTimes(2);
});
