/** @jest-environment jsdom */
// The draft page and its companies tab with Testing Library (the API calls are stubbed, the
// GrapesJS editor is a stand-in whose "ready" the test decides): Trimite is disabled until the
// editor is ready and while there are no companies (with the documented tooltip), enabled
// otherwise and confirmed before sending; a draft that cannot be loaded sends the user to the
// drafts list; the group filter ("Toate" and each group, with counts) filters the companies; the
// add-groups dialog offers only groups with companies and its Adaugă waits for a tick; the company
// picker asks for the top 10; the preview shows the message for a chosen company.
import * as React from 'react';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@/lib/api/client';
import type { DraftCompany, DraftGroups, MailDraftDetails } from '@/lib/drafts/types';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const mockDesign = '{"format":"grapesjs-mjml","version":1,"mjml":"<mjml></mjml>","project":{}}';
// The editor stand-in: "Pornește editorul" plays GrapesJS finishing its load (onReady).
jest.mock('@/components/templates/email-editor', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    EmailEditor: ({ onReady }: { onReady?: (h: { getContent: () => string; getHtml: () => string }) => void }) =>
      createElement('button', { type: 'button', onClick: () => onReady?.({ getContent: () => mockDesign, getHtml: () => '<p>Salut</p>' }) }, 'Pornește editorul'),
  };
});

const mockGetDraft = jest.fn<Promise<MailDraftDetails>, [number]>();
const mockEdit = jest.fn<Promise<void>, [unknown]>(async () => undefined);
const mockSend = jest.fn<Promise<void>, [number, string]>(async () => undefined);
const mockGroups = jest.fn<Promise<DraftGroups>, [number]>();
const mockCompanies = jest.fn<Promise<{ Items: DraftCompany[]; Count: number; NumberOfPages: number }>, [{ GroupId?: number | null; PageNumber: number }]>();
jest.mock('@/lib/drafts/client', () => {
  const actual = jest.requireActual('@/lib/drafts/client');
  return {
    ...actual,
    draftsApi: {
      ...actual.draftsApi,
      get: (id: number) => mockGetDraft(id),
      edit: (b: unknown) => mockEdit(b),
      send: (id: number, html: string) => mockSend(id, html),
      groups: (id: number) => mockGroups(id),
      companies: (q: { GroupId?: number | null; PageNumber: number }) => mockCompanies(q),
    },
  };
});
jest.mock('@/lib/sending/client', () => {
  const actual = jest.requireActual('@/lib/sending/client');
  return { ...actual, sendingApi: { ...actual.sendingApi, sendSummary: jest.fn(() => new Promise(() => {})) } };
});
// The segment control (issue 27): the user's saved searches and the PUT that sets one.
const mockListSaved = jest.fn<Promise<unknown[]>, []>(async () => []);
const mockSetSegment = jest.fn<Promise<{ MatchCount: number; IsCountCapped: boolean }>, [unknown]>();
jest.mock('@/lib/prospecting/client', () => {
  const actual = jest.requireActual('@/lib/prospecting/client');
  return { ...actual, prospectingApi: { ...actual.prospectingApi, listSavedSearches: () => mockListSaved(), setDraftSegment: (b: unknown) => mockSetSegment(b) } };
});
// The company picker calls the suggestion endpoint through the typed client (apiCall → apiRequest).
const mockApiGet = jest.fn<Promise<unknown>, [string, Record<string, unknown>?, unknown?]>();
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  // Calls a test does not answer (the send dialog's CRM connections) get an empty list.
  const apiRequest = (path: string, o: { query?: Record<string, unknown> } = {}) => mockApiGet(path, o.query, o) ?? Promise.resolve([]);
  return { ...actual, ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(apiRequest) };
});
const mockPreview = jest.fn<Promise<{ Html: string; Text: string; Values: object }>, [string, number | null]>();
jest.mock('@/lib/templates/client', () => {
  const actual = jest.requireActual('@/lib/templates/client');
  return { ...actual, templatesApi: { ...actual.templatesApi, preview: (c: string, cui: number | null) => mockPreview(c, cui) } };
});
const push = jest.fn();
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace, refresh: jest.fn() }), usePathname: () => '/Template-uri/Draft/9/oferta' }));
const mockErrorToast = jest.fn();
jest.mock('@/components/layout/toaster', () => ({
  showErrorToast: (m?: string) => mockErrorToast(m),
  showSuccessToast: jest.fn(),
  toast: { success: jest.fn(), error: jest.fn() },
}));

import { DraftPageLoader } from '@/components/templates/draft-page';
import { DraftCompanies } from '@/components/templates/draft-companies';
import { PreviewButton } from '@/components/templates/preview-dialog';

const draft = (CompaniesNumber: number): MailDraftDetails => ({
  Id: 9,
  GroupedMailId: 9,
  TemplateId: 3,
  TemplateName: 'Ofertă de toamnă',
  Name: 'Subiectul ofertei',
  Description: 'Pentru clienți',
  Content: mockDesign,
  Tags: [],
  CompanyIds: [],
  GroupIds: [],
  CompaniesNumber,
  CreatedOn: '2026-11-20T10:00:00Z',
  CreatedBy: 'ana',
  Segment: null,
});

const company = (MailSendId: number, Name: string, GroupId: number | null, GroupName: string | null): DraftCompany => ({
  MailSendId,
  CompanyCui: 1000 + MailSendId,
  Name,
  GroupId,
  GroupName,
  HasMail: true,
  Email: `office@firma${MailSendId}.ro`,
  Mails: [{ Mail: `office@firma${MailSendId}.ro`, Status: null, IsOpened: false }],
});
const allCompanies = [company(1, 'Alfa SRL', 1, 'Clienți noi'), company(2, 'Beta SRL', 1, 'Clienți noi'), company(3, 'Gama SRL', 2, 'Parteneri'), company(4, 'Delta SRL', null, null)];
const draftGroups: DraftGroups = {
  Groups: [
    { Id: 1, Name: 'Clienți noi', CompaniesNumber: 4, DraftCompaniesNumber: 2 },
    { Id: 2, Name: 'Parteneri', CompaniesNumber: 3, DraftCompaniesNumber: 1 },
    { Id: 3, Name: 'Gol', CompaniesNumber: 0, DraftCompaniesNumber: 0 },
    { Id: 4, Name: 'Furnizori', CompaniesNumber: 5, DraftCompaniesNumber: 0 },
  ],
  DraftCompaniesNumber: 4,
};

beforeEach(() => {
  jest.clearAllMocks();
  mockGroups.mockResolvedValue(draftGroups);
  mockCompanies.mockImplementation(async (q) => {
    const items = allCompanies.filter((c) => q.GroupId == null || c.GroupId === q.GroupId);
    return { Items: items, Count: items.length, NumberOfPages: 1 };
  });
});

const sendButton = () => screen.getByRole('button', { name: 'Trimite' });

describe('draft page: Trimite', () => {
  it('is disabled until the editor is ready, then enabled when the draft has companies', async () => {
    mockGetDraft.mockResolvedValue(draft(3));
    render(<DraftPageLoader draftId={9} />);
    await screen.findByDisplayValue('Subiectul ofertei');
    expect(mockGetDraft).toHaveBeenCalledWith(9);
    expect(sendButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Pornește editorul' }));
    expect(sendButton()).toBeEnabled();
    // Companies are present: no "no companies" tooltip wrapper.
    expect(screen.queryByLabelText(/deoarece nu sunt firme adăugate/)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it('is enabled for a draft without companies that targets a saved search, whose count now is shown', async () => {
    mockGetDraft.mockResolvedValue({ ...draft(0), Segment: { SavedSearchId: 7, Name: 'Construcții Cluj' } });
    mockListSaved.mockResolvedValueOnce([
      { Id: 7, Name: 'Construcții Cluj', Filter: {}, MatchCount: 1234, NewCount: 0, IsCountCapped: false, LastOpenedAt: '2026-11-20T10:00:00Z', CreatedAt: '2026-11-20T10:00:00Z' },
    ]);
    render(<DraftPageLoader draftId={9} />);
    await screen.findByDisplayValue('Subiectul ofertei');
    fireEvent.click(screen.getByRole('button', { name: 'Pornește editorul' }));
    expect(sendButton()).toBeEnabled();
    expect(screen.queryByLabelText(/deoarece nu sunt firme adăugate/)).toBeNull();
    expect(await screen.findByTestId('draft-segment-count')).toHaveTextContent('Căutarea salvată „Construcții Cluj” găsește acum 1.234 de companii');
  });

  it('is disabled while the draft has no companies, with the documented tooltip; enabled once companies are added', async () => {
    mockGetDraft.mockResolvedValue(draft(0));
    mockGroups.mockResolvedValue({ Groups: draftGroups.Groups, DraftCompaniesNumber: 2 });
    render(<DraftPageLoader draftId={9} />);
    await screen.findByDisplayValue('Subiectul ofertei');
    fireEvent.click(screen.getByRole('button', { name: 'Pornește editorul' }));
    expect(sendButton()).toBeDisabled();
    const wrapper = screen.getByLabelText('Trimite: Nu poți trimite email-ul, deoarece nu sunt firme adăugate.');
    expect(wrapper).toContainElement(sendButton());
    fireEvent.focus(wrapper);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Nu poți trimite email-ul, deoarece nu sunt firme adăugate.');
    fireEvent.click(sendButton());
    expect(screen.queryByRole('dialog')).toBeNull();

    // The companies tab reports the draft's companies: Trimite becomes available.
    fireEvent.click(screen.getByRole('tab', { name: 'Listă firme (0)' }));
    expect(await screen.findByRole('tab', { name: 'Listă firme (2)' })).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    expect(screen.queryByLabelText(/deoarece nu sunt firme adăugate/)).toBeNull();
  });

  it('asks for a confirmation; Renunță sends nothing, Da saves the draft, sends it and opens Email-uri trimise', async () => {
    mockGetDraft.mockResolvedValue(draft(3));
    render(<DraftPageLoader draftId={9} />);
    await screen.findByDisplayValue('Subiectul ofertei');
    fireEvent.click(screen.getByRole('button', { name: 'Pornește editorul' }));

    fireEvent.click(sendButton());
    let confirm = await screen.findByRole('dialog', { name: 'Avertisment' });
    expect(confirm).toHaveTextContent('Avertisment');
    expect(confirm).toHaveTextContent('Sigur doriți să trimiteți email-ul către cele 3 firme?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Renunță' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mockEdit).not.toHaveBeenCalled();
    expect(mockSend).not.toHaveBeenCalled();

    fireEvent.click(sendButton());
    confirm = await screen.findByRole('dialog', { name: 'Avertisment' });
    expect(mockSend).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Da' }));
    await waitFor(() => expect(mockSend).toHaveBeenCalledWith(9, '<p>Salut</p>'));
    expect(mockEdit).toHaveBeenCalledWith({ Id: 9, Name: 'Subiectul ofertei', Description: 'Pentru clienți', Content: mockDesign, CompanyIds: [], GroupIds: [] });
    expect(mockEdit.mock.invocationCallOrder[0]).toBeLessThan(mockSend.mock.invocationCallOrder[0]);
    expect(await screen.findByTestId('success-dialog')).toHaveTextContent('Email-ul a fost trimis');
    await waitFor(() => expect(push).toHaveBeenCalledWith('/Emailuri-trimise'), { timeout: 3000 });
  });
});

describe('draft page: the subject', () => {
  it('counts to its real limit, /200 (decision 030), and a longer subject is refused on the field, not saved', async () => {
    mockGetDraft.mockResolvedValue(draft(3));
    render(<DraftPageLoader draftId={9} />);
    const subject = await screen.findByDisplayValue('Subiectul ofertei');
    expect(screen.getByTestId('draft-subject-counter')).toHaveTextContent(`${'Subiectul ofertei'.length}/200`);
    fireEvent.change(subject, { target: { value: 'a'.repeat(201) } });
    expect(screen.getByTestId('draft-subject-counter')).toHaveTextContent('201/200');
    fireEvent.submit(subject);
    expect(await screen.findByText('Acest câmp trebuie să fie mai mic de 200 de caractere.')).toBeInTheDocument();
    expect(mockEdit).not.toHaveBeenCalled();
  });
});

describe('draft page: the companies tab inside the page', () => {
  it('searching the companies does not save the draft (the search is not a part of the draft\'s form)', async () => {
    mockGetDraft.mockResolvedValue(draft(4));
    render(<DraftPageLoader draftId={9} />);
    await screen.findByDisplayValue('Subiectul ofertei');
    fireEvent.click(screen.getByRole('button', { name: 'Pornește editorul' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Listă firme (4)' }));
    const search = await screen.findByRole('search', { name: 'Căutare firme în draft' });
    expect(search.parentElement?.closest('form')).toBeNull();
    fireEvent.change(within(search).getByRole('searchbox'), { target: { value: 'Gama' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Caută' }));
    await waitFor(() => expect(mockCompanies).toHaveBeenLastCalledWith(expect.objectContaining({ SearchText: 'Gama', PageNumber: 1 })));
    expect(mockEdit).not.toHaveBeenCalled();
    // The subject's Enter still saves the draft.
    fireEvent.submit(screen.getByLabelText('Subiectul email-ului'));
    await waitFor(() => expect(mockEdit).toHaveBeenCalledTimes(1));
  });
});

describe('draft page: a draft that cannot be loaded', () => {
  it('shows the server message and sends the user to the drafts list (/Drafturi-email)', async () => {
    mockGetDraft.mockRejectedValue(new ApiError(404, { Message: 'Draft-ul nu a fost găsit.' } as never));
    render(<DraftPageLoader draftId={404} />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/Drafturi-email'));
    expect(mockErrorToast).toHaveBeenCalledWith('Draft-ul nu a fost găsit.');
    expect(push).not.toHaveBeenCalled();
  });
});

describe('companies tab', () => {
  const table = () => screen.getByRole('table', { name: 'Firmele draft-ului' });

  it('filters by group: "Toate" and each group of the draft with its count', async () => {
    render(<DraftCompanies draftId={9} onCountChange={() => {}} />);
    await within(table()).findByText('Delta SRL');
    expect(mockCompanies).toHaveBeenLastCalledWith(expect.objectContaining({ GroupedMailId: 9, GroupId: null, PageNumber: 1 }));
    const filter = screen.getByRole('combobox', { name: 'Grupul firmei' });
    await waitFor(() => expect(filter).toHaveTextContent('Toate (4)'));

    fireEvent.keyDown(filter, { key: 'Enter' });
    const listbox = await screen.findByRole('listbox');
    // Only the groups the draft's companies came from, each with how many.
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Toate (4)', 'Clienți noi (2)', 'Parteneri (1)']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Parteneri (1)' }));

    await waitFor(() => expect(mockCompanies).toHaveBeenLastCalledWith(expect.objectContaining({ GroupedMailId: 9, GroupId: 2, PageNumber: 1 })));
    expect(await within(table()).findByText('Gama SRL')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Alfa SRL')).toBeNull());
    expect(within(table()).queryByText('Delta SRL')).toBeNull();
    expect(filter).toHaveTextContent('Parteneri (1)');

    // Back to all.
    fireEvent.keyDown(filter, { key: 'Enter' });
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Toate (4)' }));
    await waitFor(() => expect(mockCompanies).toHaveBeenLastCalledWith(expect.objectContaining({ GroupId: null })));
    expect(await within(table()).findByText('Delta SRL')).toBeInTheDocument();
  });

  it('the add-groups dialog offers only groups with companies; Adaugă is disabled until one is ticked', async () => {
    const onCount = jest.fn();
    render(<DraftCompanies draftId={9} onCountChange={onCount} />);
    await within(table()).findByText('Alfa SRL');
    await waitFor(() => expect(onCount).toHaveBeenCalledWith(4));
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă grupuri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adaugă grupuri' });
    expect(within(dialog).getAllByRole('checkbox').map((c) => c.id)).toEqual(['pick-group-1', 'pick-group-2', 'pick-group-4']);
    expect(within(dialog).getByRole('checkbox', { name: /Furnizori/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /Gol/ })).toBeNull();
    expect(within(dialog).getByText('Gol (fără firme)')).toBeInTheDocument();

    const add = within(dialog).getByRole('button', { name: 'Adaugă' });
    expect(add).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Furnizori/ }));
    expect(add).toBeEnabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Furnizori/ }));
    expect(add).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Furnizori/ }));
    fireEvent.click(add);
    await waitFor(() => expect(mockEdit).toHaveBeenCalledWith({ Id: 9, CompanyIds: [], GroupIds: [4] }));
    // The companies and the group counts are loaded again.
    await waitFor(() => expect(mockGroups).toHaveBeenCalledTimes(2));
  });

  it('the company picker asks the suggestions for the top 10 and adds the ticked companies', async () => {
    mockApiGet.mockResolvedValue([{ Cui: 123, Name: 'Omega Construct SRL' }]);
    render(<DraftCompanies draftId={9} onCountChange={() => {}} />);
    await within(table()).findByText('Alfa SRL');
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă firme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adaugă firme' });
    fireEvent.change(within(dialog).getByLabelText('Caută firme'), { target: { value: 'Omega' } });
    const pick = await within(dialog).findByRole('checkbox', { name: /Omega Construct SRL/ });
    expect(mockApiGet).toHaveBeenCalledWith('/api/Company/getTop5Companies', { searchText: 'Omega', top: 10 }, expect.anything());
    const add = within(dialog).getByRole('button', { name: 'Adaugă' });
    expect(add).toBeDisabled();
    fireEvent.click(pick);
    fireEvent.click(add);
    await waitFor(() => expect(mockEdit).toHaveBeenCalledWith({ Id: 9, CompanyIds: [123], GroupIds: [] }));
  });
});

describe('preview', () => {
  it('shows the message with sample values, then for the company picked', async () => {
    mockPreview.mockImplementation(async (_content, cui) => ({ Html: cui ? `<p>Către firma ${cui}</p>` : '<p>Către Firma Exemplu SRL</p>', Text: '', Values: {} }));
    mockApiGet.mockResolvedValue([{ Cui: 123, Name: 'Omega Construct SRL' }]);
    render(<PreviewButton getContent={() => mockDesign} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previzualizare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Previzualizare email' });
    expect(await within(dialog).findByTitle('Previzualizarea email-ului')).toHaveAttribute('srcdoc', '<p>Către Firma Exemplu SRL</p>');
    expect(mockPreview).toHaveBeenLastCalledWith(mockDesign, null);

    fireEvent.change(within(dialog).getByLabelText('Firma pentru previzualizare'), { target: { value: 'Omega' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Omega Construct SRL/ }));
    await waitFor(() => expect(mockPreview).toHaveBeenLastCalledWith(mockDesign, 123));
    await waitFor(() => expect(within(dialog).getByTitle('Previzualizarea email-ului')).toHaveAttribute('srcdoc', '<p>Către firma 123</p>'));
    expect(dialog).toHaveTextContent('Mesajul pentru Omega Construct SRL (CUI 123).');
  });
});
