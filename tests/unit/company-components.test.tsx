/** @jest-environment jsdom */
// Client and server components of the company pages with Testing Library.
import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { CompactPager } from '@/components/company-details/compact-pager';
import { CompanyCard } from '@/components/company/company-card';
import { SortHead } from '@/components/company-details/sort-head';
import { SpecialEvents, buildSpecialEvents } from '@/components/company-details/special-events';
import { InsolvencyGauge } from '@/components/company-details/insolvency-gauge';
import { EuUrls } from '@/components/company-details/eu-projects-tab';
import { companySentence } from '@/components/company-details/company-header';
import { financialHeadline } from '@/components/company-details/financial-tab';
import { TendersTab, tenderRequest } from '@/components/company-details/tenders-tab';
import { buildGraph } from '@/components/company-details/collaboration-graph';
import { matchCaen } from '@/components/caen/caen-catalogue';
import { containsStems, stem } from '@/lib/caen/search';
import { normalizeSearchText } from '@/lib/text';
import { ClaimCard } from '@/components/company-details/claim-card';
import { GroupButton } from '@/components/company-details/group-button';
import { CompanyActionsProvider } from '@/components/company-details/actions';
import { OPEN_AUTH_EVENT } from '@/components/layout/auth-events';
import type { CompanyDetails, YearDetails } from '@/lib/company/types';

jest.mock('react-force-graph-2d', () => () => null);

const mockFetchJson = jest.fn();
// The tabs load their public answers through publicCall (typed by the contract key).
jest.mock('@/components/company-details/fetch-json', () => ({
  ...jest.requireActual('@/components/company-details/fetch-json'),
  publicCall: (...a: unknown[]) => mockFetchJson(...a),
}));

describe('CompactPager', () => {
  it('is hidden with one page', () => {
    const { container } = render(<CompactPager page={1} totalPages={1} onChange={() => {}} label="p" />);
    expect(container).toBeEmptyDOMElement();
  });
  it('shows 2 buttons with 2 pages and 3 otherwise, plus the four arrows', () => {
    const { rerender } = render(<CompactPager page={1} totalPages={2} onChange={() => {}} label="p" />);
    expect(screen.getAllByRole('button', { name: /^Pagina \d+$/ })).toHaveLength(2);
    rerender(<CompactPager page={5} totalPages={9} onChange={() => {}} label="p" />);
    expect(screen.getAllByRole('button', { name: /^Pagina \d+$/ }).map((b) => b.textContent)).toEqual(['4', '5', '6']);
    for (const name of ['Prima pagină', 'Pagina anterioară', 'Pagina următoare', 'Ultima pagină']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });
  it('goes to the chosen page; arrows are disabled at the ends', () => {
    const onChange = jest.fn();
    render(<CompactPager page={1} totalPages={4} onChange={onChange} label="p" />);
    expect(screen.getByRole('button', { name: 'Prima pagină' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Ultima pagină' }));
    expect(onChange).toHaveBeenCalledWith(4);
  });
});

describe('SortHead', () => {
  function Harness({ initial }: { initial: string }) {
    const [sort, setSort] = React.useState(initial);
    return (
      <table>
        <thead>
          <tr>
            <SortHead field="Title" label="Titlu" sort={sort} onSort={setSort} />
            <SortHead field="CPV" label="Cod CPV" sort={sort} onSort={setSort} />
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-testid="sort">{sort}</td>
          </tr>
        </tbody>
      </table>
    );
  }
  it('follows the header-click cycle', () => {
    render(<Harness initial="Title" />);
    const title = screen.getByRole('button', { name: /Titlu/ });
    const cpv = screen.getByRole('button', { name: /Cod CPV/ });
    expect(screen.getByRole('columnheader', { name: /Titlu/ })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(title); // ascending → descending
    expect(screen.getByTestId('sort')).toHaveTextContent('Title_desc');
    fireEvent.click(title); // descending → ascending
    expect(screen.getByTestId('sort')).toHaveTextContent(/^Title$/);
    fireEvent.click(cpv); // new column after ascending → descending
    expect(screen.getByTestId('sort')).toHaveTextContent('CPV_desc');
    fireEvent.click(title); // new column after descending → ascending
    expect(screen.getByTestId('sort')).toHaveTextContent(/^Title$/);
  });
});

describe('special events', () => {
  const stats = [
    { Type: 'Turnover' as const, HasGrowth: true, SpikeYear: 2021, HasUpwardSpike: true },
    { Type: 'Profit' as const, HasGrowth: false, SpikeYear: 2019, HasUpwardSpike: false },
    { Type: 'Employees' as const, HasGrowth: null, SpikeYear: null, HasUpwardSpike: null },
  ];
  const statuses = [1048, 1070, 1036, 2069].map((Code, i) => ({ Code, Name: `Stare ${Code}`, Date: `201${i}-05-01` }));
  it('merges spikes and statuses, newest first, with icons by code', () => {
    const ev = buildSpecialEvents(stats, statuses);
    expect(ev).toHaveLength(6);
    expect(ev[0]).toEqual(expect.objectContaining({ kind: 'spike-up', title: 'Creștere bruscă a cifrei de afaceri' }));
    expect(ev.find((e) => e.title === 'Stare 1070')!.kind).toBe('insolvency');
    expect(ev.find((e) => e.title === 'Stare 1036')!.kind).toBe('penal');
    expect(ev.find((e) => e.title === 'Stare 2069')!.kind).toBe('generic');
  });
  it('shows 4 and collapses the rest', () => {
    render(<SpecialEvents events={buildSpecialEvents(stats, statuses)} />);
    const details = document.querySelector('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(screen.getAllByTestId('special-event')).toHaveLength(6);
    expect(details.querySelectorAll('[data-testid="special-event"]')).toHaveLength(2);
    expect(screen.getByText('Vezi toate evenimentele (6)')).toBeInTheDocument();
  });
  it('four or fewer events need no disclosure', () => {
    render(<SpecialEvents events={buildSpecialEvents(stats, statuses.slice(0, 2))} />);
    expect(document.querySelector('details')).toBeNull();
  });
});

describe('InsolvencyGauge', () => {
  it.each([
    [3.5, 'Scăzut'],
    [2.99, 'Mediu'],
    [1.8, 'Mediu'],
    [1.79, 'Ridicat'],
  ])('score %p is %s', (score, label) => {
    render(<InsolvencyGauge score={score} />);
    expect(screen.getByTestId('insolvency-level')).toHaveTextContent(label);
  });
  it('without a score says so', () => {
    render(<InsolvencyGauge score={null} />);
    expect(screen.getByTestId('insolvency-level')).toHaveTextContent('Date insuficiente');
  });
});

describe('EU project URLs', () => {
  it("none '-', one link, several a 'Documentație' menu", () => {
    const { rerender } = render(<EuUrls urls={[]} />);
    expect(screen.getByText('-')).toBeInTheDocument();
    rerender(<EuUrls urls={['https://a.example.org/x']} />);
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://a.example.org/x');
    rerender(<EuUrls urls={['https://a.example.org/x', 'https://b.example.org/y']} />);
    expect(screen.getByRole('button', { name: /Documentație/ })).toBeInTheDocument();
  });
});

describe('texts', () => {
  const d = { Name: 'ALFA SRL', Prefecture: 'Cluj-Napoca', County: 'Cluj', EstablishmentDate: '2001-02-03', CaenCode: '6201', CaenDescription: 'Activități de realizare a soft-ului la comandă' } as CompanyDetails;
  it('the sentence names city, county, establishment date and main CAEN', () => {
    expect(companySentence(d)).toBe(
      'ALFA SRL este o companie din Cluj-Napoca, județul Cluj, înființată la 03.02.2001, cu activitatea principală CAEN 6201 – Activități de realizare a soft-ului la comandă.',
    );
    expect(companySentence({ ...d, County: 'București', Prefecture: 'Sector 2' })).toContain('din Sector 2, București,');
  });
  it('the financial headline states turnover, result, employees and growth', () => {
    const m = (Value: number | null, Growth: number | null = null) => ({ Value, Growth, GrowthStatus: null });
    const year = { Year: 2024, CompanyDetails: { NetTurnover: m(1_500_000, 12.5), NetProfit: m(0), NetLoss: m(20_000), Employees: m(1) } } as unknown as YearDetails;
    expect(financialHeadline('ALFA SRL', year)).toBe(
      'În 2024, ALFA SRL a raportat o cifră de afaceri de 1.500.000 RON, o pierdere netă de 20.000 RON și 1 angajat. Cifra de afaceri a crescut cu 12,50% față de anul anterior.',
    );
  });
});

describe('tenderRequest', () => {
  const f = { searchText: ' x ', valueName: 'valoare-finala' as const, min: '', max: '', dateName: 'data-publicarii' as const, from: '', to: '' };
  it('sends Value only with a bound (the other one becomes 0) and Date only with a date', () => {
    expect(tenderRequest(1, f, 2, 'Title')).toEqual({ searchText: 'x', pageNumber: 2, pageSize: 6, companyCui: 1, orderBy: 'Title' });
    expect(tenderRequest(1, { ...f, min: '100' }, 1, 'Title').Value).toEqual({ ValueName: 'valoare-finala', MinValue: 100, MaxValue: 0 });
    expect(tenderRequest(1, { ...f, max: '900' }, 1, 'Title').Value).toEqual({ ValueName: 'valoare-finala', MinValue: 0, MaxValue: 900 });
    expect(tenderRequest(1, { ...f, from: '2024-01-01' }, 1, 'Title').Date).toEqual({ DateName: 'data-publicarii', MinDate: '2024-01-01', MaxDate: null });
  });
});

describe('collaboration graph', () => {
  it('colours level 1 orange, level 2 purple, others blue; the company itself separately', () => {
    const g = buildGraph({ Cui: 1, Name: 'Root' }, [
      { CompanySourceCui: 1, CompanyTargetCui: 2, CompanyTargetName: 'A', Level: 1, NumberOfCollaborations: 3 },
      { CompanySourceCui: 2, CompanyTargetCui: 3, CompanyTargetName: 'B', Level: 2, NumberOfCollaborations: 1 },
      { CompanySourceCui: 3, CompanyTargetCui: 4, CompanyTargetName: 'C', Level: 3, NumberOfCollaborations: 1 },
    ]);
    expect(g.nodes.map((n) => n.color)).toEqual(['#3641b8', '#ea580c', '#7c3aed', '#2563eb']);
    expect(g.links).toHaveLength(3);
  });
});

describe('CAEN search', () => {
  const node = (Code: string, Name: string) => ({ Code, norm: normalizeSearchText(`${Code} ${Name}`) });
  it('matches code prefixes, section letters and inflected words without diacritics', () => {
    const c = node('4724', 'Comerț cu amănuntul al pâinii, produselor de patiserie');
    expect(matchCaen(c, '47')).toBe(true);
    expect(matchCaen(c, '4725')).toBe(false);
    expect(matchCaen(c, 'comert paine')).toBe(true);
    expect(matchCaen(c, 'COMERȚ PÂINE')).toBe(true);
    expect(matchCaen(c, 'comert carne')).toBe(false);
    expect(matchCaen({ Code: 'G', norm: 'g comert' }, 'g')).toBe(true);
  });
  it('stems cut long words to 70 % and match at word starts only', () => {
    expect(stem('mobilier')).toBe('mobil');
    expect(stem('paine')).toBe('pain');
    expect(stem('cafe')).toBe('cafe');
    expect(containsStems('fabricarea automobilelor', ['mobil'])).toBe(false);
    expect(containsStems('fabricarea de mobila', ['mobil'])).toBe(true);
  });
});

describe('sign-in dependent actions', () => {
  it('anonymous: Depune cerere and the group button open the login tab', () => {
    const modes: string[] = [];
    const listener = (e: Event) => modes.push((e as CustomEvent<{ mode: string }>).detail.mode);
    window.addEventListener(OPEN_AUTH_EVENT, listener);
    render(
      <>
        <ClaimCard cui={1} name="ALFA" />
        <GroupButton cui={1} name="ALFA" groupName={null} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Depune cerere' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă în grup' }));
    window.removeEventListener(OPEN_AUTH_EVENT, listener);
    expect(modes).toEqual(['login', 'login']);
  });

  it('signed in: the claim hook and the group menu of the provider are used', () => {
    const onClaim = jest.fn();
    render(
      <CompanyActionsProvider value={{ isSignedIn: true, onClaim, renderGroupMenu: (c) => <span>Meniu {c.Name}</span> }}>
        <ClaimCard cui={7} name="BETA" />
        <GroupButton cui={7} name="BETA" groupName="G1" />
      </CompanyActionsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Depune cerere' }));
    expect(onClaim).toHaveBeenCalledWith({ Cui: 7, Name: 'BETA' });
    expect(screen.getByText('Meniu BETA')).toBeInTheDocument();
  });
});

describe('TendersTab', () => {
  it('shows a foreign supplier by name, country and foreign code, without a link; a Romanian one links to its page', async () => {
    const row = { CPV: null, EstimatedValue: null, PublishDate: '2026-02-02', FinishDate: '2026-02-10', CompanyIsSupplier: false };
    mockFetchJson.mockResolvedValue({
      Items: [
        { ...row, Id: 1, Title: 'Licențe CAD', Company: 'NEMETSCHEK SE', ColaboratorCUI: null, ColaboratorTaxId: 'DE129268591', ColaboratorCountry: 'Germania', FinalValue: 61000, IsCompany: false },
        { ...row, Id: 2, Title: 'Reparații', Company: 'UNIX SRL', ColaboratorCUI: 14403470, ColaboratorTaxId: null, ColaboratorCountry: null, FinalValue: 48501, IsCompany: true },
      ],
      Count: 2,
      NumberOfPages: 1,
      PageNumber: 1,
    });
    render(<TendersTab company={{ Cui: 14399840, Name: 'DANTE INTERNATIONAL SA' }} />);
    expect(await screen.findByText('NEMETSCHEK SE')).toBeTruthy();
    expect(screen.getByText('Firmă străină · Germania')).toBeTruthy();
    const code = screen.getByText('DE129268591');
    expect(code.closest('a')).toBeNull();
    expect(code.getAttribute('title')).toBe('Cod fiscal din țara firmei (nu este CUI românesc)');
    expect(screen.getByText('NEMETSCHEK SE').closest('a')).toBeNull();
    expect(screen.getByText('UNIX SRL').closest('a')?.getAttribute('href')).toContain('14403470');
  });
});

describe('CompanyCard figures', () => {
  it('shortens turnover and profit in Romanian units, the full amount in the title', () => {
    render(
      <CompanyCard
        company={{ Cui: 14399840, Name: 'ALFA SRL', RegistrationCode: null, CaenCode: null, CaenDescription: null, NetTurnover: 8_814_000_000, NetProfit: -2_500_000, AverageNumberOfEmployees: 1200, Address: null }}
      />,
    );
    const turnover = screen.getByText('8,81 mld.');
    expect(turnover.closest('[title]')).toHaveAttribute('title', '8.814.000.000 RON');
    expect(screen.getByText('-2,5 mil.')).toBeInTheDocument();
    expect(screen.queryByText(/\d[KMBT]$/)).toBeNull();
  });
});
