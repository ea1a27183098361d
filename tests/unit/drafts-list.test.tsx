/** @jest-environment jsdom */
// The drafts list with Testing Library: the default order is Name (spec 002 §4), and an expanded
// row's company names open the company page in a new tab, as elsewhere in the area (§2).
import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { DraftsList } from '@/components/templates/drafts-list';
import { draftsApi } from '@/lib/drafts/client';

jest.mock('@/lib/drafts/client', () => {
  const actual = jest.requireActual('@/lib/drafts/client');
  return { ...actual, draftsApi: { ...actual.draftsApi, list: jest.fn(), companies: jest.fn() } };
});
jest.mock('@/components/layout/toaster', () => ({ toast: { success: jest.fn() }, showErrorToast: jest.fn(), showSuccessToast: jest.fn() }));

const api = draftsApi as jest.Mocked<typeof draftsApi>;

beforeEach(() => {
  api.list.mockResolvedValue({
    Items: [{ Id: 5, GroupedMailId: 5, Name: 'Ofertă de toamnă', TemplateId: 1, Template: 'Ofertă', CreatedOn: '2026-11-20T10:00:00Z', CreatedBy: 'ana', CompaniesNumber: 1 }],
    Count: 1,
    NumberOfPages: 1,
  });
  api.companies.mockResolvedValue({
    Items: [{ MailSendId: 9, CompanyCui: 14399840, Name: 'Dacia Group SA', GroupId: null, GroupName: null, HasMail: true, Email: 'office@dacia.ro', Mails: [] }],
    Count: 1,
    NumberOfPages: 1,
  });
});

test('loads in Name order; an expanded row links each company to its page in a new tab', async () => {
  render(<DraftsList />);
  const toggle = await screen.findByRole('button', { name: 'Arată firmele draft-ului Ofertă de toamnă' });
  expect(api.list.mock.calls[0][0]).toMatchObject({ OrderBy: 'Name', PageNumber: 1 });
  fireEvent.click(toggle);
  const region = document.getElementById('draft-companies-5')!;
  const link = await within(region).findByRole('link', { name: 'Dacia Group SA' });
  expect(link).toHaveAttribute('href', '/company-details/14399840/dacia-group-sa');
  expect(link).toHaveAttribute('target', '_blank');
});
