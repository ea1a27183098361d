// Every page of this group is for Admins: anyone else (anonymous or a User) is sent Home, here on
// the server, whatever proxy.ts did before (server/auth/guard.ts).
import { requirePageAudience } from '@/server/auth/page-guard';

export default async function AdminLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  await requirePageAudience('admin');
  return children;
}
