import { closeDb } from '@/server/kernel/db';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { deleteCreatedCompanies } from '../factories/companies';
import { deleteCreatedUsers } from '../factories/users';

jest.setTimeout(30_000);

// Each test file leaves the shared database as it found it: what the factories made is removed
// (rows that hang off a user or a company go by cascade), after the mail the tests queued is out.
afterAll(async () => {
  await waitForBackgroundTasks();
  await deleteCreatedCompanies();
  await deleteCreatedUsers();
  await closeDb();
});
