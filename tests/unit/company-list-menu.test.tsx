/** @jest-environment jsdom */
// The company cards of /Coduri-caen/:code and /Gaseste-clienti carry the three-dot group menu for
// a signed-in user (spec 000 §2.9, 001 §6), and none for a visitor.
import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { CompanyList } from '@/components/caen/company-list';
import type { CompanyCardItem } from '@/lib/company/types';

let mockUser: { UserName: string } | null = null;
jest.mock('@/components/auth/auth-provider', () => ({ useAuth: () => ({ user: mockUser }) }));
jest.mock('@/components/groups/company-group-menu', () => ({
  CompanyGroupMenu: ({ company }: { company: { Name: string } }) => <button aria-label={`Grupuri pentru ${company.Name}`} />,
}));

const card = (Cui: number, Name: string): CompanyCardItem => ({
  Cui,
  Name,
  RegistrationCode: 'J40/1/2000',
  CaenCode: '6201',
  CaenDescription: 'Activități de realizare a soft-ului la comandă',
  NetTurnover: 1_500_000,
  NetProfit: 120_000,
  AverageNumberOfEmployees: 12,
  Address: 'București',
  County: 'București',
  Prefecture: null,
});
const initial = { Items: [card(1, 'Alfa Soft SRL'), card(2, 'Beta Cod SRL')], Count: 2, NumberOfPages: 1, PageNumber: 1 };

test('a signed-in user gets the group menu on every card', async () => {
  mockUser = { UserName: 'ana' };
  render(<CompanyList source={{ kind: 'caen', code: '6201', pageSize: 21 }} initial={initial} initialOrder="Name" />);
  expect(await screen.findByRole('button', { name: 'Grupuri pentru Alfa Soft SRL' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Grupuri pentru Beta Cod SRL' })).toBeInTheDocument();
});

test('a visitor gets the cards without a menu', async () => {
  mockUser = null;
  render(<CompanyList source={{ kind: 'customers', text: 'soft', pageSize: 21 }} initial={initial} initialOrder="Name" />);
  expect(screen.getByText('Alfa Soft SRL')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Grupuri pentru/ })).toBeNull();
});

test('"Încarcă mai multe companii" and the order buttons are disabled in the server HTML and work once the page has hydrated', async () => {
  mockUser = null;
  const more = { ...initial, Count: 40, NumberOfPages: 2 };
  const list = <CompanyList source={{ kind: 'caen', code: '6201', pageSize: 20 }} initial={more} initialOrder="Name" />;
  // A click on the server's button before hydration did nothing (company.spec failed so under load).
  const { renderToString } = await import('react-dom/server');
  const html = renderToString(list);
  expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Încarcă mai multe companii/);
  // The order buttons too (same look: they carry no disabled style).
  expect(html).toMatch(/<button[^>]*aria-pressed="false"[^>]*disabled=""[^>]*>Firme mici/);
  render(list);
  expect(screen.getByRole('button', { name: 'Încarcă mai multe companii' })).toBeEnabled();
  expect(screen.getByRole('button', { name: /Firme mici/ })).toBeEnabled();
});
