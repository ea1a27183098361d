/** @jest-environment jsdom */
// The parts shared by several pages and tabs: the tab table (collaborations, EU projects, tenders)
// and the header of the pages one step below Home.
import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { TabTable, TabTableSearch, useTabTableState } from '@/components/company-details/tab-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { SectionPageHeader } from '@/components/ui/page-header';

jest.mock('next/navigation', () => ({ usePathname: () => '/Coduri-caen' }));

type Row = { Id: number; Name: string };
const columns = [
  { field: 'Name', label: 'Nume' },
  { field: 'Id', label: 'Id' },
];

function Harness({ data, loading = false, onState }: { data?: { Items: Row[]; Count: number; NumberOfPages: number; PageNumber: number }; loading?: boolean; onState?: (s: { applied: string; sort: string; page: number }) => void }) {
  const table = useTabTableState('Name_asc');
  onState?.({ applied: table.applied, sort: table.sort, page: table.page });
  return (
    <>
      <TabTableSearch state={table} label="Caută în rânduri" />
      <TabTable
        state={table}
        result={{ data, loading }}
        columns={columns}
        texts={{ loading: 'Se încarcă…', count: (n) => `${n} rânduri`, empty: 'Nu există rânduri!', pager: 'Paginare rânduri' }}
        testId="rows-table"
        renderRow={(r: Row) => (
          <TableRow key={r.Id}>
            <TableCell>{r.Name}</TableCell>
            <TableCell>{r.Id}</TableCell>
          </TableRow>
        )}
      />
    </>
  );
}

describe('TabTable', () => {
  it('shows the empty state once an empty answer arrived, the table before', () => {
    const { rerender } = render(<Harness loading />);
    expect(screen.getByTestId('rows-table')).toBeInTheDocument();
    expect(screen.getByText('Se încarcă…')).toBeInTheDocument();
    rerender(<Harness data={{ Items: [], Count: 0, NumberOfPages: 0, PageNumber: 1 }} />);
    expect(screen.queryByTestId('rows-table')).toBeNull();
    expect(screen.getByText('Nu există rânduri!')).toBeInTheDocument();
    expect(screen.getByText('0 rânduri')).toBeInTheDocument();
  });

  it('renders the rows, the sortable headers and the pager; search and sort go back to page 1', () => {
    let state = { applied: '', sort: '', page: 0 };
    const data = { Items: [{ Id: 1, Name: 'Alfa' }, { Id: 2, Name: 'Beta' }], Count: 25, NumberOfPages: 3, PageNumber: 1 };
    render(<Harness data={data} onState={(s) => (state = s)} />);
    expect(screen.getByText('Alfa')).toBeInTheDocument();
    expect(screen.getByText('25 rânduri')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Paginare rânduri' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    expect(state.page).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: /Id/ }));
    expect(state).toMatchObject({ page: 1 });
    expect(state.sort).not.toBe('Name_asc');

    fireEvent.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    const box = screen.getByRole('searchbox', { name: 'Caută în rânduri' });
    fireEvent.change(box, { target: { value: '  beta ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(state).toMatchObject({ applied: 'beta', page: 1 });
  });
});

describe('SectionPageHeader', () => {
  it('shows Acasă › the page (current) and the single h1', () => {
    render(<SectionPageHeader title="Coduri CAEN" path="/Coduri-caen" description="Nomenclatorul." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Coduri CAEN' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Cale de navigare' });
    expect(trail.querySelector('a[href="/"]')).toHaveTextContent('Acasă');
    expect(trail.querySelector('[aria-current="page"]')).toHaveTextContent('Coduri CAEN');
    expect(screen.getByText('Nomenclatorul.')).toBeInTheDocument();
  });

  it('takes another breadcrumb text and the path to match', () => {
    render(<SectionPageHeader title="Căutare detaliată" crumb="Căutare" path="/Cautare-avansata" currentPath="/Cautare-avansata" />);
    expect(screen.getByRole('navigation', { name: 'Cale de navigare' }).querySelector('[aria-current="page"]')).toHaveTextContent('Căutare');
  });
});
