/** @jest-environment jsdom */
// The Admin's view of a user's contacts with Testing Library: the title cut at 50 characters, the
// representative search, the searchable company picker (typed text goes to the server; "Toate" is
// Cui -1), sorting, pagination, the Private switch with its confirmation and toasts, the empty text.
import * as React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UserContact } from '@/lib/users/types';
import { userRow } from './users-fixtures';
import { USER_CONFIRMS, USER_EMPTY_CONTACTS, USER_TOASTS } from '@/lib/users/texts';
import { UserContactsDialog } from '@/components/users/user-contacts-dialog';
import { usersApi } from '@/components/users/users-api';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

jest.mock('@/components/users/users-api', () => ({
  usersApi: { getCompanies: jest.fn(), getUserContacts: jest.fn(), updatePrivacy: jest.fn() },
}));
jest.mock('@/components/layout/toaster', () => ({ showSuccessToast: jest.fn(), showErrorToast: jest.fn() }));

const api = usersApi as jest.Mocked<typeof usersApi>;

const user = (Name: string) => userRow(42, { Name, Email: 'ana@exemplu.ro', ContactsNumber: 3 });

const contact = (over: Partial<UserContact> = {}): UserContact => ({
  Id: 1,
  Name: 'Ion Popescu',
  Role: 'Director',
  PhoneNumber: '0721234567',
  Email: 'ion@firma.ro',
  Private: false,
  CompanyName: 'Firma Unu SRL',
  Cui: 100,
  ...over,
});

const page = (Items: UserContact[], Count = Items.length, NumberOfPages = Count ? Math.ceil(Count / 10) : 0) => ({ Items, Count, NumberOfPages });
const lastQuery = () => api.getUserContacts.mock.calls.at(-1)![0];

// 120 companies on the server; it answers at most 100, narrowed by searchText (as the endpoint does).
const ALL = Array.from({ length: 120 }, (_, i) => ({ Cui: 1000 + i, Company: `Companie ${String(i + 1).padStart(3, '0')} SRL` }));
const serverCompanies = (_userId: number, searchText = '') =>
  Promise.resolve(ALL.filter((c) => c.Company.toLowerCase().includes(searchText.toLowerCase())).slice(0, 100));

beforeEach(() => {
  jest.clearAllMocks();
  api.getCompanies.mockImplementation(serverCompanies);
  api.getUserContacts.mockResolvedValue(page([contact(), contact({ Id: 2, Name: null, Private: true, CompanyName: 'Firma Doi SRL', Cui: 200, Email: null })]));
  api.updatePrivacy.mockImplementation(async (b) => b);
});

async function open(name = 'Ana Pop') {
  render(<UserContactsDialog user={user(name)} onClose={jest.fn()} />);
  await screen.findByTestId('user-contacts-table');
}

describe('user contacts modal', () => {
  it('titles with the name cut at 50 characters and "...", the full name on hover', async () => {
    const long = 'Ana-Maria Popescu-Ionescu de la Compania Foarte Lunga';
    expect(long.length).toBeGreaterThan(50);
    await open(long);
    const title = screen.getByRole('heading', { name: /^Contactele adăugate de/ });
    expect(title).toHaveTextContent(`Contactele adăugate de ${long.slice(0, 50)}...`);
    expect(title).toHaveAttribute('title', long);
  });

  it('loads page 1 of the user, all companies, CompanyName order; shows rows with a dash for what is missing', async () => {
    await open();
    expect(lastQuery()).toEqual({ SearchText: '', Cui: -1, OrderBy: 'CompanyName', PageNumber: 1, UserId: 42 });
    const rows = within(screen.getByTestId('user-contacts-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Firma Doi SRL-Director0721234567-');
    expect(screen.getByText('Rezultate: 2')).toBeInTheDocument();
  });

  it('the company name opens the company page in a new tab', async () => {
    await open();
    const link = within(screen.getByTestId('user-contacts-table')).getByRole('link', { name: 'Firma Doi SRL' });
    expect(link).toHaveAttribute('href', '/company-details/200/firma-doi-srl');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('searches the representative on Enter, from page 1', async () => {
    await open();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Caută un reprezentant' }), { target: { value: '  Popescu ' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Caută un reprezentant' }), { key: 'Enter' });
    await waitFor(() => expect(lastQuery()).toMatchObject({ SearchText: 'Popescu', PageNumber: 1 }));
  });

  it('sorts by a header: ascending on the first click, _desc on the next', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: /Nume/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ OrderBy: 'Name', PageNumber: 1 }));
    fireEvent.click(screen.getByRole('button', { name: /Nume/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ OrderBy: 'Name_desc' }));
    fireEvent.click(screen.getByRole('button', { name: /Telefon/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ OrderBy: 'PhoneNumber' }));
  });

  it('pages: the pagination asks for the chosen page', async () => {
    api.getUserContacts.mockResolvedValue(page([contact()], 25, 3));
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ PageNumber: 3 }));
  });

  it('the company picker is labelled, starts at "Toate", and finds by typing a company beyond the first 100', async () => {
    await open();
    const picker = screen.getByRole('combobox', { name: 'Companie' });
    expect(picker).toHaveTextContent('Toate');
    fireEvent.click(picker);
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(101)); // Toate + 100
    expect(within(list).queryByRole('option', { name: 'Companie 115 SRL' })).toBeNull();

    const input = screen.getByPlaceholderText('Caută compania…');
    fireEvent.change(input, { target: { value: '115' } });
    await waitFor(() => expect(api.getCompanies).toHaveBeenLastCalledWith(42, '115'));
    const found = await screen.findByRole('option', { name: 'Companie 115 SRL' });
    expect(screen.getAllByRole('option')).toEqual([found]);
    // Keyboard: the first match is active as soon as it is shown, Enter chooses it.
    await waitFor(() => expect(found).toHaveAttribute('aria-selected', 'true'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(lastQuery()).toMatchObject({ Cui: 1114, PageNumber: 1 }));
    expect(screen.getByRole('combobox', { name: 'Companie' })).toHaveTextContent('Companie 115 SRL');

    // "Toate" sets Cui back to -1.
    fireEvent.click(screen.getByRole('combobox', { name: 'Companie' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Toate' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ Cui: -1 }));
  });

  it('Private: asks "Sigur doriți să restricționați accesul la acest contact?", sets it, toasts, reloads', async () => {
    await open();
    const before = api.getUserContacts.mock.calls.length;
    fireEvent.click(screen.getByRole('switch', { name: 'Contact privat: Ion Popescu' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(USER_CONFIRMS.contactPrivate);
    expect(USER_CONFIRMS.contactPrivate).toBe('Sigur doriți să restricționați accesul la acest contact?');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Da' })));
    expect(api.updatePrivacy).toHaveBeenCalledWith({ Private: true, Id: 1 });
    expect(showSuccessToast).toHaveBeenCalledWith('Contactul a fost setat pe privat!');
    expect(USER_TOASTS.contactPrivate).toBe('Contactul a fost setat pe privat!');
    await waitFor(() => expect(api.getUserContacts.mock.calls.length).toBe(before + 1));
  });

  it('a private contact made public: its own question and "Contactul a fost setat pe public!"; Renunță changes nothing', async () => {
    await open();
    const sw = screen.getByRole('switch', { name: 'Contact privat: Firma Doi SRL' });
    expect(sw).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(sw);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Renunță' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.updatePrivacy).not.toHaveBeenCalled();

    fireEvent.click(sw);
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(USER_CONFIRMS.contactPublic);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Da' })));
    expect(api.updatePrivacy).toHaveBeenCalledWith({ Private: false, Id: 2 });
    expect(showSuccessToast).toHaveBeenCalledWith(USER_TOASTS.contactPublic);
    expect(USER_TOASTS.contactPublic).toBe('Contactul a fost setat pe public!');
  });

  it('a failed change shows the error toast and keeps the confirmation open', async () => {
    api.updatePrivacy.mockRejectedValue(new Error('500'));
    await open();
    fireEvent.click(screen.getByRole('switch', { name: 'Contact privat: Ion Popescu' }));
    const confirm = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Da' })));
    expect(showErrorToast).toHaveBeenCalled();
    expect(showSuccessToast).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('shows the empty text when the user added no contact', async () => {
    api.getUserContacts.mockResolvedValue(page([]));
    render(<UserContactsDialog user={user('Ana Pop')} onClose={jest.fn()} />);
    expect(await screen.findByText(USER_EMPTY_CONTACTS)).toBeInTheDocument();
    expect(USER_EMPTY_CONTACTS).toBe('Nu există contacte adăugate de către acest utilizator!');
    expect(screen.getByText('Rezultate: 0')).toBeInTheDocument();
  });
});
