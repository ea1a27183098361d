/** @jest-environment node */
// The one table of pages and their audiences (server/auth/guard.ts) against the app's folders:
// every page.tsx sits in exactly one audience's route group and is listed with that audience, and
// every listed page exists; then the path matching the proxy does with the table.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { AUDIENCE_GROUPS, AUDIENCE_ROLES, PAGE_AUDIENCES, audienceOf, requiredRoles, type Audience } from '@/server/auth/guard';
import { FOOTER_RESOURCES, getFooterNav, getMainNav, getMobileNav, type SessionUser } from '@/components/layout/nav-config';

const APP_DIR = path.resolve(__dirname, '../../app');

/** Every page.tsx under app/ (not the API, not a private `_folder`), as its folders. */
function pageFolders(dir = APP_DIR, parts: string[] = []): string[][] {
  const out: string[][] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if ((parts.length === 0 && e.name === 'api') || e.name.startsWith('_')) continue;
      out.push(...pageFolders(path.join(dir, e.name), [...parts, e.name]));
    } else if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(e.name)) out.push(parts);
  }
  return out;
}

const isGroup = (part: string) => /^\(.*\)$/.test(part);
const audienceOfGroup = (group: string) => (Object.keys(AUDIENCE_GROUPS) as Audience[]).find((a) => AUDIENCE_GROUPS[a] === group);
const routePath = (parts: string[]) => `/${parts.filter((p) => !isGroup(p)).join('/')}`;

const pages = pageFolders();

test('the walk finds the pages (a broken walk would make the next tests pass on nothing)', () => {
  expect(pages.length).toBeGreaterThanOrEqual(40);
  expect(pages.map((p) => p.join('/'))).toEqual(expect.arrayContaining(['(public)', '(admin)/Utilizatori', '(workspace)/companii-urmarite']));
});

test('every page sits in exactly one audience group and the table lists it with that audience', () => {
  const wrong: string[] = [];
  for (const parts of pages) {
    const file = `app/${[...parts, 'page.tsx'].join('/')}`;
    const groups = parts.filter(isGroup);
    if (groups.length !== 1) {
      wrong.push(`${file}: ${groups.length} route groups (one of ${Object.values(AUDIENCE_GROUPS).join(', ')} is needed)`);
      continue;
    }
    const audience = audienceOfGroup(groups[0]);
    const listed = PAGE_AUDIENCES.filter((p) => p.path === routePath(parts));
    if (!audience) wrong.push(`${file}: ${groups[0]} is not an audience group`);
    else if (listed.length !== 1) wrong.push(`${file}: ${routePath(parts)} is listed ${listed.length} times in PAGE_AUDIENCES`);
    else if (listed[0].audience !== audience) wrong.push(`${file}: listed as ${listed[0].audience}, sits in ${groups[0]}`);
  }
  expect(wrong).toEqual([]);
});

test('every page of the table exists, once', () => {
  const onDisk = new Set(pages.map(routePath));
  expect(PAGE_AUDIENCES.map((p) => p.path).filter((p) => !onDisk.has(p))).toEqual([]);
  expect(new Set(PAGE_AUDIENCES.map((p) => p.path)).size).toBe(PAGE_AUDIENCES.length);
});

/** Addresses a page answers: each dynamic segment filled, a catch-all with none and two segments. */
function addressesOf(pattern: string): string[] {
  const parts = pattern.split('/').filter(Boolean);
  const last = parts.at(-1) ?? '';
  const fill = (ps: string[]) => ps.map((p, i) => (/^\[.+\]$/.test(p) ? (i % 2 ? 'oferta.v2' : '12') : p));
  if (/^\[\[\.\.\..+\]\]$/.test(last)) return [`/${fill(parts.slice(0, -1)).join('/')}`, `/${fill([...parts.slice(0, -1), '[a]', '[b]']).join('/')}`];
  return [`/${fill(parts).join('/')}`];
}

test('the proxy gives every address of a page its audience, in any case, with a trailing slash or encoded', () => {
  const wrong: string[] = [];
  for (const { path: pattern, audience } of PAGE_AUDIENCES) {
    for (const address of addressesOf(pattern)) {
      const variants = [address, address.toUpperCase(), address.toLowerCase(), `${address}/`, address.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)];
      for (const v of variants) if (audienceOf(v) !== audience) wrong.push(`${v}: ${audienceOf(v)}, expected ${audience}`);
    }
  }
  expect(wrong).toEqual([]);
});

test('the pages the old list missed or left to the page are guarded; public pages stay open', () => {
  expect(audienceOf('/companii-urmarite')).toBe('signed-in');
  expect(audienceOf('/notificari')).toBe('signed-in');
  expect(audienceOf('/notificari/setari')).toBe('signed-in');
  expect(audienceOf('/notificari/dezabonare')).toBe('public');
  for (const p of ['/Contacte', '/Utilizatori', '/PretindereCompanie', '/Cereri-date-personale', '/Jurnal-audit', '/Liste-datorii-ANAF']) expect(audienceOf(p)).toBe('admin');
  for (const p of ['/', '/Parola-uitata', '/company-details/12/firma', '/Invitatie/a/b/3', '/date-personale', '/dezabonare']) expect(audienceOf(p)).toBe('public');
});

test('an address no page answers takes the audience of the nearest page above it', () => {
  expect(audienceOf('/Contacte/orice')).toBe('admin');
  expect(audienceOf('/utilizatori/1/2')).toBe('admin');
  expect(audienceOf('/Template-uri/Editare/3')).toBe('signed-in');
  expect(audienceOf('/notificari/altceva')).toBe('signed-in');
  expect(audienceOf('//Jurnal-audit//x')).toBe('admin');
  expect(audienceOf('/notificari/dezabonare/x')).toBe('public');
  expect(audienceOf('/nu-exista')).toBe('public');
  // Unreadable percent-encoding: read raw (proxy.ts refuses it before the guard anyway).
  expect(audienceOf('/Contacte/%E0%A4%A')).toBe('admin');
});

test('the roles of each audience', () => {
  expect(requiredRoles('/Parola-uitata')).toBeNull();
  expect(requiredRoles('/Companii/12')).toEqual(AUDIENCE_ROLES['signed-in']);
  expect(AUDIENCE_ROLES['signed-in']).toEqual(expect.arrayContaining(['Admin', 'User']));
  expect(requiredRoles('/Utilizatori')).toEqual(['Admin']);
});

test('the menus link each viewer only to pages of an audience the viewer belongs to, and show the Admin every admin page', () => {
  const viewers: Array<{ user: SessionUser; may: Audience[] }> = [
    { user: null, may: ['public'] },
    { user: { UserName: 'Ana', UserRoles: ['User'] }, may: ['public', 'signed-in'] },
    { user: { UserName: 'Admin', UserRoles: ['Admin'] }, may: ['public', 'signed-in', 'admin'] },
  ];
  const hrefs = (user: SessionUser) => [
    ...[...getMainNav(user), ...getMobileNav(user)].flatMap((e) => (e.kind === 'link' ? [e.href] : e.items.map((i) => i.href))),
    ...getFooterNav(user).map((l) => l.href),
    ...FOOTER_RESOURCES.map((l) => l.href),
  ];
  const wrong = viewers.flatMap(({ user, may }) => hrefs(user).filter((h) => !may.includes(audienceOf(h))).map((h) => `${user?.UserName ?? 'anonim'} → ${h} (${audienceOf(h)})`));
  expect(wrong).toEqual([]);
  const adminPages = PAGE_AUDIENCES.filter((p) => p.audience === 'admin').map((p) => p.path);
  expect(adminPages.filter((p) => !hrefs(viewers[2].user).includes(p))).toEqual([]);
});
