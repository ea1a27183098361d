/** @jest-environment jsdom */
// A dropdown's chosen value is in the server's HTML (crawlers, and the moment before hydration):
// Radix's SelectValue fills the chosen item's text in only once the items mount on the client, so
// the kit's OptionSelect and the filter form's preset dropdowns pass it as children.
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { SortBySelect } from '@/components/search/sort-by-select';
import { FilterForm } from '@/components/search/filter-form';
import { EMPLOYEE_PRESET_RANGES, type SearchFilter } from '@/lib/filters';

const trigger = (html: string, label: RegExp) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return Array.from(box.querySelectorAll('button[role="combobox"]')).find((b) => label.test(b.getAttribute('aria-label') ?? b.getAttribute('aria-labelledby') ?? ''));
};

test('the sort order shows its label in the server render', () => {
  const html = renderToString(<SortBySelect id="ordine" value="Turnover_desc" onChange={() => {}} />);
  expect(trigger(html, /ordine/)?.textContent).toBe('Cifra de afaceri');
  const other = renderToString(<SortBySelect id="ordine" value="Profit_desc" onChange={() => {}} />);
  expect(trigger(other, /ordine/)?.textContent).toBe('Profit');
});

test('a range preset shows its label in the server render, and the placeholder without one', () => {
  const p = EMPLOYEE_PRESET_RANGES[0];
  const chosen = renderToString(<FilterForm filter={{ MinEmployees: p.min, MaxEmployees: p.max } as SearchFilter} names={{}} onChange={() => {}} />);
  expect(trigger(chosen, /^Angajați: intervale predefinite$/)?.textContent).toBe(p.label);
  const none = renderToString(<FilterForm filter={{} as SearchFilter} names={{}} onChange={() => {}} />);
  expect(trigger(none, /^Angajați: intervale predefinite$/)?.textContent).toBe('Intervale predefinite');
});
