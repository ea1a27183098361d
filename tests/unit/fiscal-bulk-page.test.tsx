/** @jest-environment jsdom */
// The bulk-check page (decision 108) with Testing Library: the form parses the server's rules (a bad
// CUI is refused in the form, a valid list goes to createBulkCheck as numbers, a search's address
// to createBulkCheckFromSearch as the search's query), the new job's bar is polled until done, and
// the finished job offers its report.
import * as React from 'react';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BulkChecks } from '@/components/fiscal/bulk-checks';
import { bulkCheckFormSchema } from '@/lib/fiscal/schemas';
import { bulkDurationText, bulkProgress } from '@/lib/fiscal/labels';

configure({ asyncUtilTimeout: 5000 });

const calls: Array<{ path: string; method: string; query?: unknown; body?: unknown }> = [];
const answers = new Map<string, unknown[]>();
const answer = (path: string) => {
  const queue = answers.get(path) ?? [];
  return Promise.resolve(queue.length > 1 ? queue.shift() : queue[0]);
};
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  const apiRequest = (path: string, opts: { method?: string; query?: unknown; body?: unknown } = {}) => {
    calls.push({ path, method: opts.method ?? 'GET', query: opts.query, body: opts.body });
    return answer(path);
  };
  return { ...actual, apiDownload: jest.fn(() => Promise.resolve()), ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(apiRequest) };
});
jest.mock('@/components/layout/toaster', () => ({ showErrorToast: jest.fn(), showSuccessToast: jest.fn() }));

const job = (over: Partial<{ Id: number; Status: 'queued' | 'running' | 'done'; Done: number; Total: number; Label: string }> = {}) => ({
  Id: 7,
  Source: 'list' as const,
  Label: 'Listă de 2 CUI-uri',
  Status: 'queued' as const,
  Total: 2,
  Done: 0,
  Failed: 0,
  CreatedAt: '2026-11-29T08:00:00.000Z',
  FinishedAt: null,
  ...over,
});

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  answers.set('/api/Fiscal/getBulkChecks', [[]]);
  answers.set('/api/Group/getGroups', [{ Items: [{ Id: 3, Name: 'Furnizori', CompaniesNumber: 12, CreatedBy: 'u', Role: 'Autor', AccessToEdit: true, Members: 1 }], Count: 1, NumberOfPages: 1 }]);
});

test('the form schema: the request rules for a list and a group, and a search address', () => {
  expect(bulkCheckFormSchema.safeParse({ Source: 'list', CuiText: '14399840\nRO 1590082, 123' })).toEqual({ success: true, data: { Source: 'list', CuiText: [14399840, 1590082, 123] } });
  const bad = bulkCheckFormSchema.safeParse({ Source: 'list', CuiText: '123 abc 0' });
  expect(bad.success ? null : bad.error.issues.map((i) => i.message)).toEqual(['CUI-uri invalide: abc, 0.']);
  const empty = bulkCheckFormSchema.safeParse({ Source: 'list', CuiText: ' ' });
  expect(empty.success ? null : empty.error.issues.map((i) => i.message)).toEqual(['Lista de CUI-uri este goală.']);
  const tooMany = bulkCheckFormSchema.safeParse({ Source: 'list', CuiText: Array.from({ length: 10_001 }, (_, i) => i + 1).join(' ') });
  expect(tooMany.success ? null : tooMany.error.issues.map((i) => i.message)).toEqual(['Cel mult 10.000 de CUI-uri într-o verificare.']);
  expect(bulkCheckFormSchema.safeParse({ Source: 'group', GroupId: '' }).success).toBe(false);
  expect(bulkCheckFormSchema.safeParse({ Source: 'search', SearchAddress: 'https://exemplu.ro/Grupuri-email' }).success).toBe(false);
  expect(bulkCheckFormSchema.safeParse({ Source: 'search', SearchAddress: 'https://exemplu.ro/Cautare-avansata/x' }).success).toBe(true);
});

test('progress and duration in the shared rate', () => {
  expect(bulkProgress({ Total: 10_000, Done: 2_500, Failed: 100, Status: 'running' })).toBe(26);
  expect(bulkProgress({ Total: 10_000, Done: 9_900, Failed: 100, Status: 'done' })).toBe(100);
  expect(bulkDurationText(10_000)).toBe('cel puțin 2 min');
  expect(bulkDurationText(250)).toBe('cel puțin 3 s');
});

test('a bad CUI is refused in the form, without a request', async () => {
  render(<BulkChecks />);
  fireEvent.change(await screen.findByLabelText(/^CUI-uri/), { target: { value: '123 abc' } });
  fireEvent.click(screen.getByRole('button', { name: 'Pornește verificarea' }));
  expect(await screen.findByText('CUI-uri invalide: abc.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
});

test('a list becomes a job whose bar is polled until done, then its report is offered', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    answers.set('/api/Fiscal/createBulkCheck', [job()]);
    answers.set('/api/Fiscal/getBulkCheck', [job({ Status: 'running', Done: 1 }), job({ Status: 'done', Done: 2 })]);
    render(<BulkChecks />);
    fireEvent.change(await screen.findByLabelText(/^CUI-uri/), { target: { value: 'RO14399840\n1590082' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pornește verificarea' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ path: '/api/Fiscal/createBulkCheck', method: 'POST', query: undefined, body: { Cuis: [14399840, 1590082] } }));
    const active = await screen.findByTestId('bulk-active');
    expect(active).toHaveTextContent('În așteptare');
    await act(async () => {
      jest.advanceTimersByTime(2_000);
    });
    await waitFor(() => expect(screen.getByTestId('bulk-active')).toHaveTextContent('50% · 1 din 2 verificate'));
    await act(async () => {
      jest.advanceTimersByTime(2_000);
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descarcă raportul XLSX' })).toBeInTheDocument());
    expect(screen.getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuenow', '100');
    const polls = calls.filter((c) => c.path === '/api/Fiscal/getBulkCheck').length;
    await act(async () => {
      jest.advanceTimersByTime(6_000);
    });
    // Done: no more polling.
    expect(calls.filter((c) => c.path === '/api/Fiscal/getBulkCheck')).toHaveLength(polls);
  } finally {
    jest.useRealTimers();
  }
});

test("a search's address goes to createBulkCheckFromSearch as the search's query", async () => {
  answers.set('/api/Fiscal/createBulkCheckFromSearch', [job({ Label: 'Căutarea „brutărie”' })]);
  render(<BulkChecks initialSearch="/Cautare-avansata/brutarie" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Pornește verificarea' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/Fiscal/createBulkCheckFromSearch'));
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.body).toBeUndefined();
  expect(post.query).toMatchObject({ SearchText: 'brutarie' });
});
