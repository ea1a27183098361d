/** @jest-environment jsdom */
// The phone cards of the signed-in lists (decision 092): drawn from the table's own column
// definitions, the title column on top, the rest as labelled lines or behind "Detalii", the row's
// actions in one menu named after the row, and the same rows in the same order as the table.
import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { actionsColumn, DataTableCards, DataTableSortSelect, ResponsiveList } from '@/components/ui/data-table-cards';
import { DataTablePageRows } from '@/components/ui/data-table-body';
import { Table, TableBody } from '@/components/ui/table';

type Company = { Cui: number; Name: string; Group: string; Caen: string; Note: string };

const rows: Company[] = [
  { Cui: 14399840, Name: 'Dante International', Group: 'Clienți', Caen: '4791', Note: 'nota-1' },
  { Cui: 1590082, Name: 'Bitdefender', Group: 'Parteneri', Caen: '5829', Note: 'nota-2' },
  { Cui: 6719278, Name: 'Arctic', Group: 'Clienți', Caen: '2751', Note: 'nota-3' },
];

function columnsOf(onEdit: (c: Company) => void, onRemove: (c: Company) => void): ColumnDef<Company>[] {
  return [
    { id: 'Name', header: 'Nume firmă', cell: ({ row }) => <span data-testid="name">{row.original.Name}</span>, meta: { card: 'title' } },
    { id: 'Cui', header: 'CUI', cell: ({ row }) => row.original.Cui, meta: { card: 'subtitle' } },
    { id: 'Group', header: 'Grup', cell: ({ row }) => row.original.Group },
    { id: 'Caen', header: () => <span>Cod CAEN</span>, cell: ({ row }) => row.original.Caen, meta: { card: 'detail', cardLabel: 'CAEN' } },
    { id: 'Note', header: 'Notă internă', cell: ({ row }) => row.original.Note, meta: { card: 'hidden' } },
    actionsColumn<Company>({
      actions: (c) => [
        { id: 'edit', label: 'Modifică', ariaLabel: `Modifică ${c.Name}`, icon: Pencil, onSelect: () => onEdit(c) },
        { id: 'remove', label: 'Șterge din grup', ariaLabel: `Șterge ${c.Name} din grup`, icon: Trash2, destructive: true, onSelect: () => onRemove(c) },
      ],
    }),
  ];
}

function List({ onEdit = () => {}, onRemove = () => {}, data = rows }: { onEdit?: (c: Company) => void; onRemove?: (c: Company) => void; data?: Company[] }) {
  const columns = React.useMemo(() => columnsOf(onEdit, onRemove), [onEdit, onRemove]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Cui) });
  return (
    <ResponsiveList
      sort={<DataTableSortSelect options={[{ key: 'Name', label: 'Nume firmă' }]} value="Name" onChange={() => {}} />}
      cards={<DataTableCards table={table} label="Firme" rowName={(c) => c.Name} rowTestId="card" />}
    >
      <Table>
        <TableBody>
          <DataTablePageRows table={table} loading={false} rowTestId="row" />
        </TableBody>
      </Table>
    </ResponsiveList>
  );
}

/** A screen `width` pixels wide, as far as matchMedia('(min-width: 48rem)') is concerned. */
function setScreenWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: /min-width:\s*48rem/.test(query) ? width >= 768 : false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  // jsdom has no matchMedia of its own: put it back as it was.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

test('on a phone the list is cards: the title column on top, lines labelled, the rest behind Detalii', () => {
  setScreenWidth(360);
  render(<List />);
  expect(screen.queryByRole('table')).toBeNull();
  const list = screen.getByRole('list', { name: 'Firme' });
  const cards = within(list).getAllByTestId('card');
  expect(cards).toHaveLength(3);
  const first = cards[0];
  // The title and the subtitle come before any labelled line.
  const text = first.textContent ?? '';
  expect(text.indexOf('Dante International')).toBeLessThan(text.indexOf('Grup'));
  expect(text.indexOf('14399840')).toBeLessThan(text.indexOf('Grup'));
  // A line: its header as the term, its cell as the definition.
  const term = within(first).getByText('Grup');
  expect(term.tagName).toBe('DT');
  expect(term.nextElementSibling).toHaveTextContent('Clienți');
  // A detail column sits inside the "Detalii" disclosure, under its card label.
  const summary = within(first).getByText('Detalii');
  const disclosure = summary.closest('details');
  expect(disclosure).not.toBeNull();
  expect(disclosure).not.toHaveAttribute('open');
  expect(within(disclosure as HTMLElement).getByText('CAEN')).toBeInTheDocument();
  expect(within(disclosure as HTMLElement).getByText('4791')).toBeInTheDocument();
  // A hidden column is not on the card at all, and the sort select is above the cards.
  expect(within(first).queryByText('nota-1')).toBeNull();
  expect(screen.getByText('Sortează după')).toBeInTheDocument();
});

test("a card's actions are one menu button named after the row; its items call the same handlers", () => {
  setScreenWidth(360);
  const onEdit = jest.fn();
  const onRemove = jest.fn();
  render(<List onEdit={onEdit} onRemove={onRemove} />);
  // No loose action buttons on the card: only the menu trigger.
  expect(screen.queryByRole('button', { name: 'Modifică Bitdefender' })).toBeNull();
  const trigger = screen.getByRole('button', { name: 'Acțiuni pentru Bitdefender' });
  expect(screen.getAllByRole('button', { name: /^Acțiuni pentru / })).toHaveLength(3);

  fireEvent.keyDown(trigger, { key: 'Enter' });
  const menu = screen.getByRole('menu');
  const items = within(menu).getAllByRole('menuitem');
  expect(items.map((i) => i.textContent)).toEqual(['Modifică', 'Șterge din grup']);
  fireEvent.click(within(menu).getByRole('menuitem', { name: 'Șterge din grup' }));
  expect(onRemove).toHaveBeenCalledWith(rows[1]);
  expect(onEdit).not.toHaveBeenCalled();
});

test('on a wide screen the same definition draws the table, its actions as labelled buttons', () => {
  setScreenWidth(1280);
  const onEdit = jest.fn();
  render(<List onEdit={onEdit} />);
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(screen.queryByTestId('card')).toBeNull();
  expect(screen.queryByText('Sortează după')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Modifică Arctic' }));
  expect(onEdit).toHaveBeenCalledWith(rows[2]);
});

test('the cards hold the same rows in the same order as the table', () => {
  setScreenWidth(1280);
  const wide = render(<List />);
  const tableNames = wide.getAllByTestId('row').map((r) => within(r).getByTestId('name').textContent);
  wide.unmount();

  setScreenWidth(360);
  render(<List />);
  const cardNames = screen.getAllByTestId('card').map((c) => within(c).getByTestId('name').textContent);
  expect(tableNames).toEqual(['Dante International', 'Bitdefender', 'Arctic']);
  expect(cardNames).toEqual(tableNames);
});

test('an empty page says so once; a row without actions has no menu button', () => {
  setScreenWidth(360);
  const { unmount } = render(<List data={[]} />);
  expect(screen.getAllByText('Nu există elemente!')).toHaveLength(1);
  unmount();

  function Bare() {
    const columns = React.useMemo<ColumnDef<Company>[]>(() => [{ id: 'Name', header: 'Nume', cell: ({ row }) => row.original.Name, meta: { card: 'title' } }, actionsColumn<Company>({ actions: () => [] })], []);
    // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize
    const table = useReactTable({ data: rows.slice(0, 1), columns, getCoreRowModel: getCoreRowModel() });
    return <DataTableCards table={table} label="Firme" rowName={(c) => c.Name} />;
  }
  render(<Bare />);
  expect(screen.getByText('Dante International')).toBeInTheDocument();
  expect(screen.queryByRole('button')).toBeNull();
});
