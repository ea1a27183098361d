// Every page of this group is for signed-in users (Admin or User): anyone else is sent Home, here on
// the server, whatever proxy.ts did before (server/auth/guard.ts).
import { requirePageAudience } from '@/server/auth/page-guard';

export default async function WorkspaceLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  await requirePageAudience('signed-in');
  return children;
}
