// The callers of the group tests: an owner, an Edit and a View member, a user outside the group
// and an Admin (made once per file), plus `anonymous`, in the order the status matrices use.
import { waitForBackgroundTasks } from '@/server/mail/background';
import { someCuis } from '../../factories/groups';
import { createUser, deleteUsers, isolateMail, type TestUser } from './auth';

export type Who = 'anonymous' | 'other' | 'admin' | 'viewer' | 'editor' | 'owner';
export const ORDER: Who[] = ['anonymous', 'other', 'admin', 'viewer', 'editor', 'owner'];
export type Cast = Record<Exclude<Who, 'anonymous'>, TestUser>;

/** The five accounts and `cuiCount` companies; the file's mail goes to its own mailbox. */
export async function makeGroupCast(cuiCount: number): Promise<{ users: Cast; cuis: number[] }> {
  isolateMail();
  const users = {
    owner: await createUser(),
    editor: await createUser(),
    viewer: await createUser(),
    other: await createUser(),
    admin: await createUser({ role: 'Admin' }),
  };
  return { users, cuis: await someCuis(cuiCount) };
}

/** After the file: its background mail done, its accounts removed. */
export async function dropGroupCast(users: Cast | undefined): Promise<void> {
  await waitForBackgroundTasks();
  await deleteUsers(...Object.values(users ?? {}));
}
