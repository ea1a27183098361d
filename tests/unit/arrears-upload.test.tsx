/** @jest-environment jsdom */
// The Admin's arrears-list upload (decision 115) with Testing Library: without a file or with a file
// of another kind nothing is sent and the field says why; a list is sent as base64 with the date and
// category chosen (empty ones left to the file's name), and the answer's counts are shown; a
// refusal shows the field's own message, not "Date invalide".
import * as React from 'react';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/api/client';
import { ArrearsUpload } from '@/components/fiscal/arrears-upload';

configure({ asyncUtilTimeout: 5000 });

const mockPost = jest.fn();
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  const apiRequest = (path: string, opts: { method?: string; body?: unknown } = {}) => mockPost(path, opts.body);
  return { ...actual, ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(apiRequest) };
});
jest.mock('@/components/layout/toaster', () => ({ showErrorToast: jest.fn(), showSuccessToast: jest.fn() }));

const RESULT = { FileName: 'lista.csv', ListDate: '2026-09-30', Category: 'mari', CompaniesInFile: 3, AmountsRead: 6, CompaniesMatched: 2, NewlyListed: 1, RunsNotified: 1 };

/** A chosen file; jsdom's Blob has no arrayBuffer(), which the page reads the bytes with. */
function fileOf(text: string, name: string, type = ''): File {
  const file = new File([text], name, { type });
  const bytes = Uint8Array.from(Buffer.from(text, 'utf8'));
  Object.defineProperty(file, 'arrayBuffer', { value: async () => bytes.buffer });
  return file;
}
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Fișierul listei (CSV sau XLSX)'), { target: { files: [file] } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Importă lista' }));

beforeEach(() => mockPost.mockReset());

test('no file, or a file that is not CSV or XLSX: nothing is sent and the field says why', async () => {
  render(<ArrearsUpload />);
  submit();
  expect(await screen.findByText('Alegeți un fișier.')).toBeInTheDocument();
  choose(fileOf('x', 'lista.pdf', 'application/pdf'));
  submit();
  expect(await screen.findByText('Lista se încarcă ca fișier CSV sau XLSX.')).toBeInTheDocument();
  expect(mockPost).not.toHaveBeenCalled();
});

test('a list is sent as base64 with the chosen date and category, and the result is shown', async () => {
  mockPost.mockResolvedValue(RESULT);
  render(<ArrearsUpload />);
  choose(fileOf('CUI;Total\n1;2', 'lista.csv', 'text/csv'));
  fireEvent.change(screen.getByLabelText('Data listei (dacă numele fișierului nu o are)'), { target: { value: '2026-09-30' } });
  fireEvent.change(screen.getByLabelText('Categoria (dacă numele fișierului nu o are)'), { target: { value: 'mari' } });
  submit();
  const result = await screen.findByTestId('arrears-result');
  expect(mockPost).toHaveBeenCalledWith('/api/Fiscal/importArrearsList', {
    File: { Name: 'lista.csv', Base64: Buffer.from('CUI;Total\n1;2').toString('base64') },
    ListDate: '2026-09-30',
    Category: 'mari',
  });
  expect(result).toHaveTextContent('Lista din 30.09.2026 (contribuabili mari) a fost importată');
  expect(screen.getByTestId('arrears-in-file')).toHaveTextContent('3');
  expect(screen.getByTestId('arrears-matched')).toHaveTextContent('2');
  expect(screen.getByTestId('arrears-new')).toHaveTextContent('1');
});

test("the server's refusal is shown in the form: the field's message when there is one", async () => {
  mockPost.mockRejectedValue(new ApiError(400, { Message: 'Date invalide: File.Base64.', Code: 'VALIDATION', Errors: { 'File.Base64': ['Fișierul este prea mare (cel mult 10 MB).'] } }));
  render(<ArrearsUpload />);
  choose(fileOf('x', 'restante-mari-2026-09-30.csv'));
  submit();
  expect(await screen.findByRole('alert')).toHaveTextContent('Fișierul este prea mare (cel mult 10 MB).');
  mockPost.mockRejectedValue(new ApiError(400, { Message: 'Rândul 3: CUI-ul „abc” nu este valid.', Code: 'BAD_REQUEST' }));
  submit();
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Rândul 3: CUI-ul „abc” nu este valid.'));
  // Empty date and category: left to the file's name.
  expect(mockPost).toHaveBeenLastCalledWith('/api/Fiscal/importArrearsList', expect.objectContaining({ ListDate: undefined, Category: undefined }));
});
