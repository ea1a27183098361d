import { closeDb } from '@/server/db';

jest.setTimeout(30_000);

afterAll(async () => {
  await closeDb();
});
