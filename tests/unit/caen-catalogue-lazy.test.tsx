/** @jest-environment jsdom */
// The CAEN catalogue (decision 112): every code in the server HTML (search engines, no JavaScript),
// a closed section's rows out of the live page until it is opened, and a search that still opens
// the branches it finds.
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CaenCatalogue } from '@/components/caen/caen-catalogue';
import type { CaenNode } from '@/lib/caen/types';

const cls = (Code: string, Name: string): CaenNode => ({ Code, Name, Level: 'class', Children: [] });
const TREE: CaenNode[] = [
  {
    Code: 'A',
    Name: 'Agricultură',
    Level: 'section',
    Children: [{ Code: '01', Name: 'Agricultură', Level: 'division', Children: [{ Code: '011', Name: 'Culturi', Level: 'group', Children: [cls('0111', 'Cultivarea cerealelor'), cls('0112', 'Cultivarea orezului')] }] }],
  },
  { Code: 'G', Name: 'Comerț', Level: 'section', Children: [{ Code: '47', Name: 'Comerț cu amănuntul', Level: 'division', Children: [{ Code: '471', Name: 'Magazine', Level: 'group', Children: [cls('4711', 'Comerț în magazine nespecializate')] }] }] },
];

test('the server HTML holds every class as a link', () => {
  const html = renderToString(<CaenCatalogue tree={TREE} />);
  for (const code of ['0111', '0112', '4711']) expect(html).toContain(`href="/Coduri-caen/${code}"`);
});

test('the live page leaves a closed section’s rows out until it is opened', async () => {
  const { container } = render(<CaenCatalogue tree={TREE} />);
  expect(container.querySelectorAll('a[href^="/Coduri-caen/"]')).toHaveLength(0);
  expect(container.querySelectorAll('details')).toHaveLength(2);
  const section = container.querySelector('details')!;
  await act(async () => {
    section.open = true;
    fireEvent(section, new Event('toggle'));
  });
  // The section's division is there; its own rows wait for the division to open.
  expect(container.querySelectorAll('details')).toHaveLength(3);
  expect(container.querySelectorAll('a[href^="/Coduri-caen/"]')).toHaveLength(0);
});

test('a search shows the classes it finds, their branches open', async () => {
  const { container } = render(<CaenCatalogue tree={TREE} />);
  await act(async () => {
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'orez' } });
  });
  expect(screen.getByRole('link', { name: /0112\s*Cultivarea orezului/ })).toBeTruthy();
  expect(container.querySelectorAll('a[href^="/Coduri-caen/"]')).toHaveLength(1);
});
