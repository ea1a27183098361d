/** @jest-environment jsdom */
// Spec 002 §8: every failed call shows an error toast and switches the loader off. Each signed-in
// list (and each expanding row) is rendered over an API whose every call fails: the toast shows,
// and no placeholder row or "Se încarcă…" stays on screen (issue 24: the claims list kept them).
import * as React from 'react';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { ClaimsReview } from '@/components/claims/claims-review';
import { UsersAdmin } from '@/components/users/users-admin';
import { UserContactsDialog } from '@/components/users/user-contacts-dialog';
import { TemplatesList } from '@/components/templates/templates-list';
import { DraftsList } from '@/components/templates/drafts-list';
import { DraftCompanies } from '@/components/templates/draft-companies';
import { GroupsList } from '@/components/groups/groups-list';
import { CompaniesInGroups } from '@/components/groups/companies-in-groups';
import { SendingsTable } from '@/components/sending/sendings-table';
import { SendingCompanies } from '@/components/sending/sending-companies';
import { CompaniesMails } from '@/components/sending/companies-mails';
import { AdminContacts } from '@/components/contacts/admin-contacts';
import { MembersDialog } from '@/components/groups/members-dialog';
import { CommentsDialog } from '@/components/groups/comments-dialog';
import { showErrorToast } from '@/components/layout/toaster';

configure({ asyncUtilTimeout: 5000 });

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn(), back: jest.fn() }),
  usePathname: () => '/',
  useSearchParams: () => new URLSearchParams(),
}));
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  const fail = () => Promise.reject(new actual.ApiError(500, { Message: 'Eroare de test' }));
  // Every call fails (the typed client goes through apiRequest, tests/unit/api-call-mock.ts).
  return { ...actual, ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(fail) };
});
jest.mock('@/components/layout/toaster', () => ({
  toast: { success: jest.fn(), warning: jest.fn(), error: jest.fn() },
  showErrorToast: jest.fn(),
  showSuccessToast: jest.fn(),
}));

beforeEach(() => jest.mocked(showErrorToast).mockClear());

/** The toast showed and the loader is off: no placeholder rows, no loading line. */
async function expectLoaderOff() {
  await waitFor(() => expect(showErrorToast).toHaveBeenCalled());
  await waitFor(() => expect(document.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(0));
  expect(screen.queryByText(/Se încarcă/)).toBeNull();
}

const user = { Id: 7, Name: 'Ana Pop', Email: 'ana@exemplu.ro', GroupsNumber: 0, ContactsNumber: 2, AccountCreatedDate: '2026-01-01T00:00:00Z', Role: 'User', IsBlocked: false };

test('claims review', async () => {
  render(<ClaimsReview />);
  await expectLoaderOff();
  expect(screen.getByTestId('claims-count')).toHaveTextContent('Rezultate: 0');
});

test('users administration', async () => {
  render(<UsersAdmin currentUserId={1} />);
  await expectLoaderOff();
});

test("a user's contacts (modal)", async () => {
  render(<UserContactsDialog user={user as never} onClose={() => {}} />);
  await expectLoaderOff();
});

test('templates', async () => {
  render(<TemplatesList />);
  await expectLoaderOff();
});

test('drafts', async () => {
  render(<DraftsList />);
  await expectLoaderOff();
});

test("a draft's companies", async () => {
  render(<DraftCompanies draftId={3} onCountChange={() => {}} />);
  await expectLoaderOff();
});

test('groups (Grupuri)', async () => {
  render(<GroupsList />);
  await expectLoaderOff();
});

test('companies in groups', async () => {
  render(<CompaniesInGroups initialGroupId={null} />);
  await expectLoaderOff();
});

test('sent emails', async () => {
  render(<SendingsTable />);
  await expectLoaderOff();
});

test("a sending's companies (expanded row)", async () => {
  render(<SendingCompanies groupedMailId={5} onComments={() => {}} />);
  await expectLoaderOff();
});

test('emails sent to companies', async () => {
  render(<CompaniesMails />);
  await expectLoaderOff();
});

test('admin contacts', async () => {
  render(<AdminContacts />);
  await expectLoaderOff();
});

test('group members (modal)', async () => {
  render(<MembersDialog group={{ Id: 4, Name: 'Clienți' }} canEdit onOpenChange={() => {}} />);
  await expectLoaderOff();
});

test('comments (modal)', async () => {
  render(<CommentsDialog target={{ CompanyGroupId: 9, Cui: 14399840, Name: 'Firma SRL', AccessToEdit: true }} onOpenChange={() => {}} />);
  await expectLoaderOff();
});
