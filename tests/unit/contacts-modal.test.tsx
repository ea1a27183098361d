/** @jest-environment jsdom */
// The edit-contacts modal and the claim modal with Testing Library: the rules of the contact rows,
// the highlights, reset, the no-change warning, local and server delete, the toasts, the social tab.
import * as React from 'react';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditContactsModal } from '@/components/contacts/edit-contacts-modal';
import { ClaimModal } from '@/components/claims/claim-modal';
import { ApiError } from '@/lib/api/client';
import type { ContactDto, ContactEditRights } from '@/lib/contacts/types';

// The machine is shared and slow: give the async steps room.
configure({ asyncUtilTimeout: 5000 });

const mockGet = jest.fn();
const mockPost = jest.fn();
const mockDelete = jest.fn();
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  // The typed client (apiCall) goes through apiRequest (tests/unit/api-call-mock.ts): a GET or DELETE is seen as (path, query,
  // options), a POST as (path with its query, body, options).
  const apiRequest = (path: string, opts: { method?: string; query?: Record<string, string | number>; body?: unknown } = {}) => {
    if (opts.method === 'POST') return mockPost(actual.buildUrl(path, opts.query), opts.body, opts);
    return (opts.method === 'DELETE' ? mockDelete : mockGet)(path, opts.query, opts);
  };
  return { ...actual, ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(apiRequest) };
});
const mockToast = { success: jest.fn(), warning: jest.fn(), error: jest.fn() };
const mockErrorToast = jest.fn();
jest.mock('@/components/layout/toaster', () => ({
  toast: { success: (m: string) => mockToast.success(m), warning: (m: string) => mockToast.warning(m), error: (m: string) => mockToast.error(m) },
  showErrorToast: (m?: string) => mockErrorToast(m),
}));

const company = { Cui: 123, Name: 'Firma Test SRL' };
const own: ContactDto = { Id: 7, CompanyId: 123, Name: 'Ion', Role: 'Director', Phone: '0721000000', PhoneNumber: '0721000000', Email: null, Private: true, IsOwn: true };

function serve(rights: ContactEditRights, contacts: ContactDto[], social: Array<{ Id: number; Platform: string; Url: string }> = []) {
  mockGet.mockImplementation(async (path: string) => {
    if (path === '/api/Contact/getEditRights') return rights;
    if (path === '/api/Contact/getContactsByUserId' || path === '/api/Contact/getByCompanyCui') return contacts;
    if (path === '/api/SocialMedia/getSocialMediaForCompany') return social;
    throw new Error(`unexpected ${path}`);
  });
}
const USER: ContactEditRights = { CanEditOwn: true, CanEditPublic: false, CanEditAll: false };
const ADMIN: ContactEditRights = { CanEditOwn: true, CanEditPublic: true, CanEditAll: true };

async function open(rights = USER, contacts: ContactDto[] = [own], social: Array<{ Id: number; Platform: string; Url: string }> = []) {
  serve(rights, contacts, social);
  const onSaved = jest.fn();
  render(<EditContactsModal company={company} open onOpenChange={() => {}} onSaved={onSaved} />);
  await screen.findByTestId(contacts.length ? 'contact-rows' : 'edit-contacts-modal');
  if (!contacts.length) await screen.findByText('Nu există contacte!');
  return { onSaved };
}

beforeEach(() => {
  jest.clearAllMocks();
});

describe('EditContactsModal as a user', () => {
  it('loads the caller’s own contacts; no tab strip, a plain Contacte heading', async () => {
    await open();
    expect(mockGet).toHaveBeenCalledWith('/api/Contact/getContactsByUserId', { cui: 123 }, expect.anything());
    expect(screen.queryByRole('tab', { name: 'Social media' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Contacte' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nume')).toHaveValue('Ion');
  });

  it('shows the empty text without contacts', async () => {
    await open(USER, []);
    expect(screen.getByText('Nu există contacte!')).toBeInTheDocument();
  });

  it('refuses a save without changes with the warning, sending nothing', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Salvează contactele' }));
    await waitFor(() => expect(mockToast.warning).toHaveBeenCalledWith('Nu sunt modificări noi pentru actualizare!'));
    expect(mockPost).not.toHaveBeenCalled();
  });

  it('marks a changed input with the orange border; Reset restores the value and clears it', async () => {
    await open();
    const name = screen.getByLabelText('Nume');
    fireEvent.change(name, { target: { value: 'Ion Popescu' } });
    await waitFor(() => expect(name).toHaveAttribute('data-changed', 'true'));
    expect(name.className).toMatch(/border-orange-500/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Resetează' })[0]);
    await waitFor(() => expect(screen.getByLabelText('Nume')).toHaveValue('Ion'));
    expect(screen.getByLabelText('Nume')).not.toHaveAttribute('data-changed');
  });

  it('validates new rows (Id 0): at least one field, not a role alone, the phone pattern, 50 characters', async () => {
    await open(USER, []);
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă contact' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvează contactele' }));
    expect(await screen.findByText('Este necesar cel puțin un câmp completat.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Rol'), { target: { value: 'Contabil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează contactele' }));
    expect(await screen.findByText('Nu se poate adăuga doar câmpul Rol.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Telefon'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('Nume'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează contactele' }));
    expect(await screen.findByText('Numărul de telefon nu este valid.')).toBeInTheDocument();
    expect(screen.getByText('Acest câmp trebuie să fie mai mic de 50 de caractere.')).toBeInTheDocument();
    expect(mockPost).not.toHaveBeenCalled();
  });

  it('adds a contact: posts the rows to addOrUpdateUnverifiedContacts and shows the added toast', async () => {
    const { onSaved } = await open(USER, []);
    mockPost.mockResolvedValue([]);
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă contact' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@firma.ro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează contactele' }));
    await waitFor(() => expect(mockPost).toHaveBeenCalled());
    const [path, body] = mockPost.mock.calls[0];
    expect(path).toBe('/api/Contact/addOrUpdateUnverifiedContacts?cui=123');
    expect(body).toEqual([expect.objectContaining({ Id: 0, Email: 'ana@firma.ro', Private: false })]);
    await waitFor(() => expect(mockToast.success).toHaveBeenCalledWith('Contactul a fost adăugat cu succes!'));
    expect(onSaved).toHaveBeenCalled();
  });

  it('the added toast comes after the saved rows are back in the form, so an edit typed after it is kept', async () => {
    await open(USER, []);
    mockPost.mockResolvedValue([]);
    // The reload after the save is slow and returns the new row with its id.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const saved: ContactDto = { ...own, Id: 42, Name: 'Ana', Role: null, Phone: null, PhoneNumber: null, Email: 'ana@firma.ro' };
    mockGet.mockImplementation(async (path: string) => {
      if (path === '/api/Contact/getEditRights') return USER;
      if (path === '/api/Contact/getContactsByUserId') {
        await gate;
        return [saved];
      }
      return [];
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă contact' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@firma.ro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează contactele' }));
    await waitFor(() => expect(mockPost).toHaveBeenCalled());
    expect(mockToast.success).not.toHaveBeenCalled();
    await act(async () => release());
    await waitFor(() => expect(mockToast.success).toHaveBeenCalledWith('Contactul a fost adăugat cu succes!'));
    fireEvent.change(screen.getByLabelText('Rol'), { target: { value: 'Contabil' } });
    await waitFor(() => expect(screen.getByLabelText('Rol')).toHaveAttribute('data-changed', 'true'));
    expect(screen.getByLabelText('Rol')).toHaveValue('Contabil');
  });

  it('an edit shows the modified toast; a failure shows the server’s message', async () => {
    await open();
    mockPost.mockRejectedValueOnce(new ApiError(404, { Message: 'Contactul nu a fost găsit.' }));
    fireEvent.change(screen.getByLabelText('Rol'), { target: { value: 'Administrator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează contactele' }));
    await waitFor(() => expect(mockErrorToast).toHaveBeenCalledWith('Contactul nu a fost găsit.'));
    mockPost.mockResolvedValueOnce([]);
    fireEvent.click(screen.getByRole('button', { name: 'Salvează contactele' }));
    await waitFor(() => expect(mockToast.success).toHaveBeenCalledWith('Contactele au fost modificate cu succes!'));
  });

  it('deletes an unsaved row locally, and a saved one on the server after the confirmation', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă contact' }));
    expect(screen.getAllByTestId('contact-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Șterge contactul 2' }));
    expect(screen.getAllByTestId('contact-row')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    mockDelete.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Șterge contactul 1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Avertisment')).toBeInTheDocument();
    expect(within(dialog).getByText('Sigur doriți să ștergeți acest contact?')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Da' }));
    });
    await waitFor(() => expect(mockDelete).toHaveBeenCalledWith('/api/Contact/deleteUserContact', { id: 7 }, expect.anything()));
    await waitFor(() => expect(mockToast.success).toHaveBeenCalledWith('Contactul a fost șters cu succes!'));
    await waitFor(() => expect(screen.queryAllByTestId('contact-row')).toHaveLength(0));
  });
});

describe('EditContactsModal as an Admin', () => {
  it('has the Contacte and Social media tabs; sends only filled links; checks 200 characters', async () => {
    await open(ADMIN, [own], [{ Id: 1, Platform: 'Facebook', Url: 'https://facebook.com/x' }]);
    expect(mockGet).toHaveBeenCalledWith('/api/Contact/getByCompanyCui', { cui: 123 }, expect.anything());
    const socialTab = screen.getByRole('tab', { name: 'Social media' });
    fireEvent.click(socialTab);
    const fb = await screen.findByLabelText('Facebook');
    expect(fb).toHaveValue('https://facebook.com/x');
    fireEvent.click(screen.getByRole('button', { name: 'Salvează social media' }));
    await waitFor(() => expect(mockToast.warning).toHaveBeenCalledWith('Nu sunt modificări noi pentru actualizare!'));

    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează social media' }));
    expect(await screen.findByText('Acest câmp trebuie să fie mai mic de 200 de caractere.')).toBeInTheDocument();

    mockPost.mockResolvedValue([]);
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'https://firma.ro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează social media' }));
    await waitFor(() => expect(mockPost).toHaveBeenCalled());
    const [path, body] = mockPost.mock.calls[0];
    expect(path).toBe('/api/SocialMedia/addOrUpdate?cui=123');
    expect(body.map((e: { Platform: string }) => e.Platform)).toEqual(['Website', 'Facebook']);
    await waitFor(() => expect(mockToast.success).toHaveBeenCalledWith('Datele din Social Media au fost modificate cu succes!'));
  });

  it('saves contacts through addOrUpdate and deletes another user’s contact through DELETE Contact/{id}', async () => {
    const theirs = { ...own, Id: 9, IsOwn: false, Name: 'Al altuia' };
    await open(ADMIN, [theirs]);
    mockDelete.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Șterge contactul 1' }));
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Da' }));
    });
    await waitFor(() => expect(mockDelete).toHaveBeenCalledWith('/api/Contact/9', undefined, expect.anything()));
  });
});

describe('ClaimModal', () => {
  it('validates, sends the claim and closes; "Company already claimed!" shows the Romanian toast', async () => {
    const onOpenChange = jest.fn();
    render(<ClaimModal company={company} open onOpenChange={onOpenChange} />);
    expect(screen.getByRole('heading', { name: 'Pretinde compania Firma Test SRL' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Trimite cerere' }));
    expect(await screen.findAllByText('Acest câmp este necesar.')).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Nume'), { target: { value: 'Maria' } });
    fireEvent.change(screen.getByLabelText('Telefon'), { target: { value: '0721 234 567' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'maria@firma.ro' } });
    mockPost.mockRejectedValueOnce(new ApiError(409, { Message: 'Company already claimed!' }));
    fireEvent.click(screen.getByRole('button', { name: 'Trimite cerere' }));
    await waitFor(() => expect(mockToast.error).toHaveBeenCalledWith('Compania este deja pretinsă'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(mockPost).toHaveBeenCalledWith(
      '/api/Company/SendCompanyRequest',
      expect.objectContaining({ Name: 'Maria', Phone: '0721 234 567', Email: 'maria@firma.ro', CompanyCUI: 123 }),
      expect.anything(),
    );
  });
});
