/** @jest-environment jsdom */
// The company page's court and arrears blocks (decision 108) with Testing Library: each case says
// how it was matched, insolvency is flagged; the arrears block shows each budget with principal and
// accessories and the list's date, or that the company is not in the newest list.
import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { CourtCasesCard } from '@/components/company-details/court-cases-card';
import { TaxArrearsCard } from '@/components/company-details/tax-arrears-card';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/' }));

const kase = { Court: 'TribunalulBUCURESTI', CaseDate: '2026-03-02', Object: 'procedura insolvenței', Stage: 'Fond', Role: 'Debitor', NextHearing: null };

test('court cases: the match of each case in words, insolvency flagged, the lookup button', () => {
  render(
    <CourtCasesCard
      cui={14}
      data={{
        CheckedAt: '2026-11-29T08:00:00.000Z',
        Error: null,
        Cases: [
          { ...kase, Number: '1/3/2026', Match: 'cui', IsInsolvency: true },
          { ...kase, Number: '2/3/2026', Match: 'name', IsInsolvency: false, Object: 'pretenții' },
        ],
      }}
    />,
  );
  const [first, second] = screen.getAllByTestId('court-case');
  expect(within(first).getByText('Insolvență')).toBeInTheDocument();
  expect(within(first).getByTestId('court-case-match')).toHaveTextContent('Potrivit după CUI: partea din dosar poartă codul fiscal al firmei.');
  expect(within(second).queryByText('Insolvență')).toBeNull();
  expect(within(second).getByTestId('court-case-match')).toHaveTextContent('Potrivit doar după denumire: poate fi al unei firme cu același nume.');
  expect(screen.getByRole('button', { name: 'Caută din nou dosarele' })).toBeInTheDocument();
});

test('court cases never looked up: the button asks for the first lookup', () => {
  render(<CourtCasesCard cui={14} data={{ CheckedAt: null, Error: null, Cases: [] }} />);
  expect(screen.getByRole('button', { name: 'Caută dosare' })).toBeInTheDocument();
  expect(screen.getByTestId('court-cases')).toHaveTextContent('le puteți căuta acum');
});

test('arrears: the total, each budget with principal and accessories, the list and its category', () => {
  render(
    <TaxArrearsCard
      data={{
        NewestListDate: '2026-09-30',
        ListDate: '2026-09-30',
        Category: 'mari',
        Budgets: [
          { Budget: 'stat', Principal: 1_250_000, Accessories: 87_301 },
          { Budget: 'sanatate', Principal: 95_000, Accessories: 4_100 },
        ],
        Total: 1_436_401,
      }}
    />,
  );
  expect(screen.getByRole('heading', { name: 'Obligații restante la bugete' })).toBeInTheDocument();
  expect(screen.getByTestId('tax-arrears-total')).toHaveTextContent('1.436.401 RON restanțe în lista din 30.09.2026 (mari contribuabili)');
  expect(screen.getByTestId('tax-arrears-stat')).toHaveTextContent('Bugetul de stat1.337.301 RON (principal 1.250.000 RON, accesorii 87.301 RON)');
  expect(screen.getByTestId('tax-arrears-sanatate')).toHaveTextContent('Fondul național unic de asigurări sociale de sănătate');
});

test('arrears: a company not in the newest list says so, with that list’s date', () => {
  render(<TaxArrearsCard data={{ NewestListDate: '2026-12-31', ListDate: null, Category: null, Budgets: [], Total: 0 }} />);
  expect(screen.getByTestId('tax-arrears-none')).toHaveTextContent('Firma nu figurează în listele ANAF ale debitorilor cu obligații fiscale restante (ultima listă: 31.12.2026).');
  expect(screen.queryByTestId('tax-arrears-total')).toBeNull();
});
