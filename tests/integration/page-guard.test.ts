// The guard of pages on the server, from the one table (server/auth/guard.ts): the layouts of
// app/(workspace) and app/(admin) and proxy.ts, called as anonymous, User, Admin and with a session
// that was signed out, against the real database that verifies the page-session cookie.
import { NextRequest } from 'next/server';
import { isRedirectError } from 'next/dist/client/components/redirect-error';
import { proxy } from '@/proxy';
import { PAGE_AUDIENCES, type Audience } from '@/server/auth/guard';
import { SESSION_COOKIE, sessionCookie } from '@/server/auth/session';
import { issueSession, revokeFamily } from '@/server/auth/tokens';
import WorkspaceLayout from '@/app/(workspace)/layout';
import AdminLayout from '@/app/(admin)/layout';
import { createUser } from '../factories/users';

// What next/headers' cookies() answers to the layouts: the cookie of the caller under test.
let pageCookie: string | undefined;
jest.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'rf_session' && pageCookie !== undefined ? { name, value: pageCookie } : undefined) }),
}));

type Caller = 'anonymous' | 'user' | 'admin' | 'signed-out';
const cookies: Partial<Record<Caller, string>> = {};

async function cookieOf(userId: number): Promise<{ value: string; familyId: string }> {
  const session = await issueSession(userId);
  const header = await sessionCookie(session);
  const value = decodeURIComponent(header.slice(`${SESSION_COOKIE}=`.length, header.indexOf(';')));
  return { value, familyId: session.familyId };
}

beforeAll(async () => {
  const [user, admin, gone] = await Promise.all([createUser(), createUser({ role: 'Admin' }), createUser()]);
  cookies.user = (await cookieOf(user.id)).value;
  cookies.admin = (await cookieOf(admin.id)).value;
  const ended = await cookieOf(gone.id);
  await revokeFamily(ended.familyId);
  cookies['signed-out'] = ended.value;
});

const CALLERS: Caller[] = ['anonymous', 'user', 'admin', 'signed-out'];
const MAY_ENTER: Record<Exclude<Audience, 'public'>, Caller[]> = { 'signed-in': ['user', 'admin'], admin: ['admin'] };

/** 'children' when the layout renders its pages; the redirect's target when it refuses. */
async function renderAs(who: Caller, Layout: (props: { children: React.ReactNode }) => Promise<React.ReactNode>): Promise<string> {
  pageCookie = cookies[who];
  try {
    return String(await Layout({ children: 'children' }));
  } catch (e) {
    if (!isRedirectError(e)) throw e;
    return `redirect ${e.digest.split(';')[2]}`;
  }
}

describe('the layouts of the guarded route groups', () => {
  test.each(CALLERS)('(workspace) as %s', async (who) => {
    expect(await renderAs(who, WorkspaceLayout)).toBe(MAY_ENTER['signed-in'].includes(who) ? 'children' : 'redirect /');
  });

  test.each(CALLERS)('(admin) as %s', async (who) => {
    expect(await renderAs(who, AdminLayout)).toBe(MAY_ENTER.admin.includes(who) ? 'children' : 'redirect /');
  });
});

const address = (pattern: string) => pattern.replace(/\/\[\[\.\.\.[^\]]+\]\]$/, '').replace(/\[[^\]]+\]/g, '12');

describe('proxy.ts, every guarded page of the table', () => {
  const guarded = PAGE_AUDIENCES.filter((p): p is { path: string; audience: Exclude<Audience, 'public'> } => p.audience !== 'public');

  test('the table has the guarded pages (the loop below is not empty)', () => {
    expect(guarded.map((p) => p.path)).toEqual(expect.arrayContaining(['/companii-urmarite', '/Contacte', '/Jurnal-audit', '/Companii/[[...groupId]]']));
  });

  test.each(CALLERS)('as %s: 307 Home exactly where the audience refuses', async (who) => {
    const wrong: string[] = [];
    for (const { path, audience } of guarded) {
      const url = address(path);
      const headers: Record<string, string> = cookies[who] ? { cookie: `${SESSION_COOKIE}=${cookies[who]}` } : {};
      const res = await proxy(new NextRequest(new URL(url, 'http://localhost:3000'), { headers }));
      const sentHome = res.status === 307 && new URL(res.headers.get('location') ?? '', 'http://x').pathname === '/';
      const passed = res.status === 200 && res.headers.get('x-middleware-next') === '1';
      const expected = MAY_ENTER[audience].includes(who) ? 'passed' : 'sent Home';
      const got = sentHome ? 'sent Home' : passed ? 'passed' : `status ${res.status}`;
      if (got !== expected) wrong.push(`${url} (${audience}): ${got}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  test('public pages pass anonymous callers through', async () => {
    for (const url of ['/Parola-uitata', '/notificari/dezabonare', '/date-personale', '/Invitatie/a/b/3']) {
      const res = await proxy(new NextRequest(new URL(url, 'http://localhost:3000')));
      expect({ url, status: res.status, next: res.headers.get('x-middleware-next') }).toEqual({ url, status: 200, next: '1' });
    }
  });
});
