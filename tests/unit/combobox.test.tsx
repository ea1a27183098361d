/** @jest-environment jsdom */
/**
 * The kit's Combobox in async mode: while new matches load over shown ones, the shown rows keep
 * their place (the spinner turns in the search bar, not in a row above them), so a click aimed at
 * a match does not land on a row that moved under the pointer.
 */
import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';

const options: ComboboxOption[] = [
  { value: '1', label: 'Alfa Construct SRL' },
  { value: '2', label: 'Beta Trans SA' },
];

function open(props: Partial<React.ComponentProps<typeof Combobox>>) {
  const onValueChange = jest.fn();
  render(
    <Combobox
      aria-label="Companie"
      options={options}
      value={null}
      onValueChange={onValueChange}
      onSearchChange={() => {}}
      allOption
      {...props}
    />,
  );
  return onValueChange;
}

test('loading over shown matches: no row above them, a spinner in the search bar, and a click chooses', async () => {
  const onValueChange = open({ loading: true });
  fireEvent.click(screen.getByRole('combobox', { name: 'Companie' }));
  const list = await screen.findByRole('listbox');
  const rows = within(list).getAllByRole('option');
  // The first row is 'Toate', then the matches: nothing is inserted before them while loading.
  expect(rows.map((r) => r.textContent)).toEqual(['Toate', 'Alfa Construct SRL', 'Beta Trans SA']);
  expect(list.textContent).not.toContain('Se încarcă…');
  expect(screen.getByTestId('combobox-refreshing')).toHaveTextContent('Se încarcă');
  fireEvent.click(within(list).getByRole('option', { name: 'Beta Trans SA' }));
  expect(onValueChange).toHaveBeenCalledWith('2', options[1]);
});

test('loading with nothing shown yet: the loading row, and no spinner in the search bar', async () => {
  open({ loading: true, options: [] });
  fireEvent.click(screen.getByRole('combobox', { name: 'Companie' }));
  expect(await screen.findByText('Se încarcă…')).toBeInTheDocument();
  expect(screen.queryByTestId('combobox-refreshing')).toBeNull();
});
