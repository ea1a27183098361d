// Accessibility, once per page and dialog (issue 47): every page of support/page-list.ts and every
// dialog and state below is scanned once at 1366 px and once at 360 px and held to the WCAG 2.2 AA
// tags of support/a11y.ts. The journeys assert behaviour only; before this spec each of them ran
// axe on the screens it passed (124 calls, many screens scanned several times, and an axe finding
// hid the journey's later steps). STATES keeps that inventory: `scannedBy` names the journeys that
// used to scan the state, so a state is not dropped unnoticed.
//
// Fast by construction: each worker prepares the data once (support/page-list.ts), signs each role
// in once by tokens (no sign-in form) and reuses one page per role; a state is opened once and
// scanned at 1366 px, then narrowed to 360 px and scanned again (decision 112); each scan is a
// named step, and a finding or a state that does not open is recorded and the next still runs, so
// one report lists every failing page and dialog at its width. The states run in tests of at most
// 5, so both workers stay busy to the end, and axe is injected once per document (decision 104).
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import { appendFileSync } from 'node:fs';
import { axeTimings, expectNoAxeRuleViolations, expectNoAxeViolations } from './support/a11y';
import { registerAccount, tokensOf } from './support/accounts';
import { E2E_ADMIN } from './support/credentials';
import { readE2eState } from './support/e2e-state';
import { preparePageData } from './support/page-data';
import { PAGE_LIST, type PageData } from './support/page-list';
import { openMobileMenu } from './support/mobile-menu';

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

type Width = 'desktop' | 'phone';
const SIZES: Record<Width, { width: number; height: number }> = { desktop: { width: 1366, height: 900 }, phone: { width: 360, height: 780 } };

/** Who looks: the three roles, plus accounts in a state of their own (unconfirmed address, forced password change, a guest in the User's group). */
type Viewer = 'public' | 'user' | 'admin' | 'unconfirmed' | 'forced' | 'guest';

type State = {
  name: string;
  viewer: Viewer;
  /** The journeys that scanned this state before (file: what they scanned). */
  scannedBy: string[];
  /** Some screens exist at one width only (the filters modal of a phone, the sidebar's lists of a desktop). */
  only?: Width;
  /** Brings the page to the state; axe runs on the page afterwards. */
  open: (page: Page, d: PageData) => Promise<void>;
  /** Axe on this part only (an open dialog hides the rest of the page from assistive technology). */
  include?: string;
  /** The email editor's canvas and the sandboxed email preview are not ours; the editor gets the rule-only check. */
  exclude?: string[];
  editor?: boolean;
};

/** The width each page was loaded at: a page loaded at one width is not scanned at the other. */
const loadedAt = new WeakMap<Page, number>();

/** Opens `path`, unless the page is already there at this width (the dialogs of one page follow each other: one load for all). */
const goto = async (page: Page, path: string) => {
  const here = new URL(page.url(), baseURL);
  const width = page.viewportSize()?.width ?? 0;
  if (here.origin === baseURL && here.pathname + here.search === path && loadedAt.get(page) === width) return;
  loadedAt.set(page, width);
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible();
  // Client pages load their rows after hydration: scan the page with its data, not its skeleton.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
};
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
// Attached, not visible: on a draft's company tab the editor is loaded but hidden.
const editorReady = (page: Page) => expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 60_000 });
/** A button whose code loads on the first press (or before hydration does nothing): pressed until `shows` is visible. */
/**
 * A row's action: its button on the table; below md (768 px) the lists are cards, and the action is
 * an item of the row's "Acțiuni pentru …" menu (decision 092).
 */
async function rowAction(p: Page, button: RegExp | string, item: string, row = '') {
  if ((p.viewportSize()?.width ?? 1366) >= 768) return p.getByRole('button', { name: button }).first().click();
  await p.getByRole('button', { name: `Acțiuni pentru ${row}` }).first().click();
  await p.getByRole('menuitem', { name: item, exact: true }).click();
}

async function pressUntil(page: Page, press: () => Promise<unknown>, shows: ReturnType<Page['locator']>) {
  await expect(async () => {
    await press();
    await expect(shows).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
}

const scannedPages: Record<string, string[]> = {
  '/': ['security-headers: landing', 'password.mobile: landing with the menu'],
  '/Resetare-parola': ['auth: the reset form (main)'],
  '/Parola-uitata': ['auth: the form (main)'],
  '/Cautare-avansata/[[...filters]]': ['security-headers: search', 'search: results twice', 'search-facets: the page with filters', 'search.mobile: after a filter'],
  '/Coduri-caen': ['company: CAEN catalogue', 'security-headers: CAEN list'],
  '/Coduri-caen/[caenCode]': ['company: CAEN page', 'security-headers: CAEN page', 'spec-deviations: CAEN cards at 1280 and 360 (signed in there)'],
  '/Gaseste-clienti': ['company: find customers with results', 'security-headers: find customers'],
  '/company-details/[companyCui]/[companyName]': ['company: the company page', 'security-headers: company page', 'watch: company page'],
  '/Invitatie/[inviteId]/[groupName]/[groupId]': ['groups: the invitation signed out'],
  '/Verificare-email': ['email-verification: the address confirmed'],
  '/dezabonare': ['sending: the unsubscribe page of a campaign mail'],
  '/date-personale': ['privacy: the notice (main) at both widths'],
  '/date-personale/confirmare': ['privacy: the confirmation (main) at both widths'],
  '/notificari/dezabonare': ['monitoring-journey: the unsubscribe page at both widths'],
  '/Companii/[[...groupId]]': ['groups: the companies page at 1280 and 360', 'spec-deviations: after picking a group, at 360', 'security-headers: signed-in pages'],
  '/Grupuri-email': ['groups: the group list at 1280 and 360', 'security-headers: signed-in pages'],
  '/Grupuri-email/[groupId]/[groupName]/[[...history]]': ['groups: the group page of a guest', 'prospecting: group page'],
  '/Template-uri': ['security-headers: signed-in pages'],
  '/Template-uri/Adauga': ['templates: the editor (page and rule-only canvas check)', 'security-headers: template editor'],
  '/Template-uri/Editare/[templateId]/[templateName]': ['templates: the saved template'],
  '/Template-uri/Draft/[templateId]/[templateName]': ['templates: the draft and its company list', 'campaigns: the draft page', 'prospecting: draft with segment at 1280 and 360 (here without a segment)'],
  '/Drafturi-email': ['templates: the draft list', 'security-headers: signed-in pages'],
  '/Emailuri-trimise': ['sending: sent mails (here one sending, its messages queued)', 'campaigns: scheduled, at both widths', 'prospecting: sent mails', 'security-headers: signed-in pages'],
  '/Emailuri-trimise-companiilor': ['sending: mails by company'],
  '/Emailuri-trimise/Rezultate/[id]': ['campaigns: the results page at both widths, twice (with figures there; here a draft not sent)'],
  '/Schimbare-parola': ['password: the empty form'],
  '/Cautari-salvate': ['prospecting: saved searches at 1280 and 360'],
  '/Chei-API': ['api-keys: no key, at both widths'],
  '/Webhook-uri': ['webhooks: the page (new in issue 50; here with a webhook, its empty state below)'],
  '/Verificari-fiscale': ['the bulk-check page without a job (new in issue 48)'],
  '/CRM': ['crm: the page with a connection and its sync log (new in decision 109)'],
  '/Compara': ['compare: one company (new in issue 49; three below)'],
  '/companii-urmarite': ['watch: followed companies at both widths', 'monitoring-journey: at both widths'],
  '/notificari': ['watch: the feed at both widths', 'monitoring-journey: at both widths'],
  '/notificari/setari': ['watch: settings at both widths', 'monitoring-journey: at both widths'],
  '/Contacte': ['contacts: the admin list', 'contacts.mobile: cards at 360'],
  '/Utilizatori': ['users: the list', 'users.mobile: cards at 360'],
  '/PretindereCompanie': ['contacts: the claims list', 'contacts.mobile: at 360'],
  '/Cereri-date-personale': ['privacy: the queue at both widths'],
  '/Jurnal-audit': ['privacy: the audit trail at both widths'],
  '/Liste-datorii-ANAF': ['the arrears-list upload, empty form (new in decision 115)'],
};

/** Every page of the list: its own state. */
const PAGE_STATES: State[] = PAGE_LIST.map((p) => ({
  name: `page ${p.route}`,
  viewer: p.visitor,
  scannedBy: scannedPages[p.route] ?? [],
  open: async (page, d) => {
    await goto(page, p.path(d));
    if (p.route.startsWith('/Template-uri/')) await editorReady(page);
  },
  exclude: p.route.startsWith('/Template-uri/') ? ['.rf-email-editor'] : undefined,
  editor: p.route === '/Template-uri/Adauga',
}));

/** Screens the page list does not reach: other states of a page, and every dialog. */
const OTHER_STATES: State[] = [
  // ── anyone ──
  { name: 'the Romanian 404 page', viewer: 'public', scannedBy: ['security-headers: 404', 'hostile-input: a hostile address'], open: (p) => goto(p, '/company-details/%ED%A0%80/abc') },
  { name: '/Coduri-caen with the classes a search finds', viewer: 'public', scannedBy: ['new in decision 112: the rows of a closed section are no longer in the live page, so a class row a search opens is scanned here'], open: async (p) => {
    await goto(p, '/Coduri-caen');
    // A class found by its words opens its section, division and group (a matching section or
    // division would show closed, its rows not drawn).
    await p.getByRole('searchbox', { name: 'Caută un cod CAEN după cod sau cuvinte' }).fill('cultivarea orezului');
    await expect(p.getByTestId('caen-count')).toHaveText('1 clasă găsită');
    await expect(p.getByRole('link', { name: /0112\s*Cultivarea orezului/ })).toBeVisible();
  } },
  { name: '/Verificare-email with a broken link', viewer: 'public', scannedBy: ['email-verification: a broken link'], open: (p) => goto(p, '/Verificare-email?token=1.1.AAAAAAAAAAAAAAAAAAAAAAAA') },
  { name: 'the API reference /api/docs', viewer: 'public', scannedBy: ['api-docs: at 1280 and 360'], open: async (p) => {
    // The reference's script is large: wait for what it draws, not for every resource's load event.
    await p.goto('/api/docs', { waitUntil: 'domcontentloaded' });
    await expect(p.getByRole('heading', { name: 'RadarFirme API' }).first()).toBeVisible({ timeout: 60_000 });
  } },
  { name: 'the search with an open list of counts', viewer: 'public', only: 'desktop', include: '[role="listbox"]', scannedBy: ['search-facets: the Licitații list'], open: async (p) => {
    await goto(p, '/Cautare-avansata/-/-/-/1/100000');
    const filters = p.getByRole('complementary', { name: 'Filtre' });
    await pressUntil(p, () => filters.getByRole('combobox', { name: 'Licitații' }).click(), p.getByRole('listbox'));
  } },
  { name: 'dialog: search filters (phone)', viewer: 'public', only: 'phone', include: '[role="dialog"]', scannedBy: ['search.mobile: the page after the filters modal'], open: async (p) => {
    await goto(p, '/Cautare-avansata');
    await pressUntil(p, () => p.getByRole('button', { name: /^Filtre/ }).click(), dialog(p, 'Filtre'));
  } },
  { name: 'dialog: the phone menu', viewer: 'public', only: 'phone', include: '[role="dialog"]', scannedBy: ['password.mobile: the menu of a signed-in user'], open: async (p) => {
    await goto(p, '/');
    await openMobileMenu(p);
  } },
  { name: 'dialog: sign-in', viewer: 'public', include: '[data-testid="auth-modal"]', scannedBy: ['auth: the login tab', 'security-headers: sign-in modal'], open: async (p) => {
    await goto(p, '/');
    await pressUntil(p, () => p.evaluate(() => window.dispatchEvent(new CustomEvent('rf:open-auth', { detail: { tab: 'login' } }))), p.getByTestId('auth-modal'));
  } },
  { name: 'dialog: registration with its errors', viewer: 'public', include: '[data-testid="auth-modal"]', scannedBy: ['auth: the register tab'], open: async (p) => {
    await goto(p, '/#register');
    const modal = p.getByTestId('auth-modal');
    await pressUntil(p, () => p.evaluate(() => window.dispatchEvent(new CustomEvent('rf:open-auth', { detail: { tab: 'register' } }))), modal);
    await modal.getByRole('button', { name: 'Creează cont' }).click();
    await expect(modal.getByText('Parola este obligatorie.')).toBeVisible();
  } },
  { name: 'dialog: takedown request with its errors', viewer: 'public', include: '[data-testid="takedown-modal"]', scannedBy: ['privacy: the filled form at both widths'], open: async (p, d) => {
    await goto(p, d.companyPath);
    await pressUntil(p, () => p.getByRole('tab', { name: 'Reprezentanți', exact: true }).click(), p.getByRole('button', { name: 'Ascunde datele unei persoane' }));
    await p.getByRole('button', { name: 'Ascunde datele unei persoane' }).click();
    const modal = p.getByTestId('takedown-modal');
    await modal.getByRole('button', { name: 'Trimite cererea' }).click();
    await expect(modal.getByText('Acest câmp este necesar.').first()).toBeVisible();
  } },

  // ── a User ──
  { name: 'the company page on its Licitații tab', viewer: 'public', scannedBy: ['company: the tenders tab'], open: async (p, d) => {
    await goto(p, d.tendersCompanyPath);
    await pressUntil(p, () => p.getByRole('tab', { name: 'Licitații', exact: true }).click(), p.getByTestId('tenders-table'));
  } },

  { name: 'the company page with its risk score and sector benchmarks', viewer: 'public', scannedBy: ['compare: the score and sector blocks at 1280', 'compare.mobile: the same at 360'], open: async (p, d) => {
    await goto(p, d.scoredCompanyPath);
    await expect(p.getByTestId('risk-card').getByTestId('risk-band')).toHaveText(/^[A-E]$/);
    // The chart's code (recharts) is fetched when the page hydrates: scan it drawn, not its skeleton.
    await expect(p.getByTestId('sector-benchmarks').getByTestId('sector-chart').getByRole('figure')).toBeVisible({ timeout: 30_000 });
  } },
  { name: '/Compara with three companies', viewer: 'public', scannedBy: ['compare: three companies at 1280', 'compare.mobile: three companies at 360'], open: async (p, d) => {
    await goto(p, d.comparePath);
    await expect(p.getByTestId('compare-summary-table').locator('thead th')).toHaveCount(4);
    await expect(p.getByTestId('compare-years-table')).toBeVisible();
  } },
  { name: 'the fiscal block after its check at ANAF', viewer: 'public', scannedBy: ['fiscal-checks: the checked block at 1280'], open: async (p, d) => {
    await goto(p, d.companyPath);
    const vat = p.getByTestId('fiscal-check').getByTestId('fiscal-vat');
    // The first view asked for the check; the worker (the cron endpoint) makes it against the ANAF stand-in.
    await expect(async () => {
      if ((await vat.filter({ hasText: 'verificat la' }).count()) === 0) {
        expect((await p.request.post('/api/cron/fiscal-checks', { headers: { authorization: `Bearer ${readE2eState().cronSecret}` } })).status()).toBe(200);
        await p.reload();
      }
      await expect(vat).toContainText(/verificat la \d{2}\.\d{2}\.\d{4}/, { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
  } },

  { name: 'the company page signed in', viewer: 'user', scannedBy: ['monitoring-journey: a followed company at both widths'], open: (p, d) => goto(p, d.companyPath) },
  { name: 'dialog: claim a company', viewer: 'user', include: '[data-testid="claim-modal"]', scannedBy: ['contacts: the filled claim form'], open: async (p, d) => {
    await goto(p, d.companyPath);
    await pressUntil(p, () => p.getByTestId('claim-button').click(), p.getByTestId('claim-modal'));
  } },
  { name: 'dialog: edit contacts (User) with an error', viewer: 'user', include: '[data-testid="edit-contacts-modal"]', scannedBy: ['contacts: the modal with a private contact'], open: async (p, d) => {
    await goto(p, d.companyPath);
    await pressUntil(p, () => p.getByRole('tab', { name: 'Contacte', exact: true }).click(), p.getByRole('button', { name: 'Editează contactele' }));
    await pressUntil(p, () => p.getByRole('button', { name: 'Editează contactele' }).click(), p.getByTestId('edit-contacts-modal'));
    const modal = p.getByTestId('edit-contacts-modal');
    await modal.getByRole('button', { name: 'Adaugă contact' }).click();
    await modal.getByLabel('Telefon').fill('12345');
    await modal.getByRole('button', { name: 'Salvează contactele' }).click();
    await expect(modal.getByText('Numărul de telefon nu este valid.')).toBeVisible();
  } },
  { name: 'the group picker of the company page (a menu, a sheet on a phone)', viewer: 'user', include: '[role="dialog"], [role="menu"]', scannedBy: ['phone-dialogs: the group picker at 360'], open: async (p, d) => {
    await goto(p, d.companyPath);
    const picker = p.getByRole('dialog', { name: 'Adaugă compania într-un grup' }).or(p.getByRole('menu'));
    await pressUntil(p, () => p.getByTestId('group-button').click(), picker);
  } },
  { name: 'the search with the signed-in actions', viewer: 'user', scannedBy: ['prospecting: search with actions at 1280 and 360'], open: async (p) => {
    await goto(p, '/Cautare-avansata');
    await p.getByLabel('Nume firmă sau CUI').fill('SRL');
    await p.getByLabel('Nume firmă sau CUI').press('Enter');
    await expect(p.getByRole('button', { name: 'Adaugă toate rezultatele în grup' })).toBeVisible();
  } },
  { name: 'the search with fiscal and risk filters from the address (decision 107)', viewer: 'public', scannedBy: [], open: async (p) => {
    await goto(p, '/Cautare-avansata?IsVatPayer=true&HasEFactura=false&RiskBand=C');
    await expect(p.getByTestId('active-filters')).toContainText('Clasă de risc');
  } },
  { name: 'the search with two cards ticked for the comparison', viewer: 'user', scannedBy: [], open: async (p) => {
    await goto(p, '/Cautare-avansata');
    const cards = p.locator('[data-slot="company-card"]');
    await cards.nth(0).getByRole('checkbox').check();
    await cards.nth(1).getByRole('checkbox').check();
    await expect(p.getByRole('link', { name: 'Compară (2)' })).toBeVisible();
  } },
  { name: 'dialog: add every result to a group', viewer: 'user', include: '[role="dialog"]', scannedBy: ['prospecting: the add-all dialog'], open: async (p) => {
    await goto(p, '/Cautare-avansata');
    await p.getByLabel('Nume firmă sau CUI').fill('SRL');
    await p.getByLabel('Nume firmă sau CUI').press('Enter');
    await pressUntil(p, () => p.getByRole('button', { name: 'Adaugă toate rezultatele în grup' }).click(), dialog(p, 'Adaugă toate rezultatele în grup'));
  } },
  { name: 'dialog: save the search', viewer: 'user', include: '[role="dialog"]', scannedBy: [], open: async (p) => {
    await goto(p, '/Cautare-avansata');
    await p.getByLabel('Nume firmă sau CUI').fill('SRL');
    await p.getByLabel('Nume firmă sau CUI').press('Enter');
    await pressUntil(p, () => p.getByRole('button', { name: 'Salvează căutarea' }).click(), dialog(p, 'Salvează căutarea'));
  } },
  { name: 'dialog: new group on /Companii', viewer: 'user', include: '[role="dialog"]', scannedBy: [], open: async (p) => {
    await goto(p, '/Companii');
    await pressUntil(p, () => p.getByRole('button', { name: 'Adaugă grup' }).click(), dialog(p, 'Adaugă grup'));
  } },
  { name: 'the group picker open on /Companii', viewer: 'user', include: '[role="listbox"]', scannedBy: ['spec-deviations: the paged group dropdown'], open: async (p) => {
    await goto(p, '/Companii');
    await pressUntil(p, () => p.getByRole('combobox', { name: 'Grupul' }).click(), p.getByRole('listbox'));
  } },
  { name: 'dialog: comments of a company in a group, with its thread', viewer: 'user', include: '[role="dialog"]', scannedBy: ['phone-dialogs: the comments thread at 360'], open: async (p, d) => {
    await goto(p, `/Companii/${d.groupId}`);
    await pressUntil(p, () => rowAction(p, /^Comentarii pentru/, 'Comentarii'), dialog(p, 'Comentarii'));
    await expect(dialog(p, 'Comentarii').getByTestId('comment').first()).toBeVisible();
  } },
  { name: 'dialog: invite to a group', viewer: 'user', include: '[role="dialog"]', scannedBy: ['spec-deviations: the invite modal at 1280 and 360'], open: async (p, d) => {
    await goto(p, '/Grupuri-email');
    await pressUntil(p, () => rowAction(p, `Invită în ${d.groupName}`, 'Invită', d.groupName), dialog(p, 'Invită în grup'));
  } },
  { name: 'dialog: send to groups with its preview', viewer: 'user', include: '[role="dialog"]', exclude: ['iframe[title="Previzualizare email"]'], scannedBy: ['sending: the send dialog, before and with the preview', 'templates: the send dialog (page)'], open: async (p, d) => {
    await goto(p, '/Grupuri-email');
    await pressUntil(p, () => rowAction(p, `Trimite email grupului ${d.groupName}`, 'Trimite email', d.groupName), dialog(p, 'Trimite email grupurilor'));
    const send = dialog(p, 'Trimite email grupurilor');
    await send.getByRole('radio').first().check();
    await send.getByRole('button', { name: 'Previzualizare' }).click();
    await expect(send.locator('iframe[title="Previzualizare email"]')).toBeVisible();
  } },
  { name: 'dialog: comments of a sent message', viewer: 'user', include: '[role="dialog"]', scannedBy: ['sending: the comments of a sent message'], open: async (p, d) => {
    await goto(p, '/Emailuri-trimise');
    // The User's one sending (a table row at 1366 px, a card at 360 px).
    await expect(p.getByText(d.sentMailName).first()).toBeVisible();
    await pressUntil(p, () => p.getByRole('button', { name: 'Arată companiile' }).first().click(), p.getByTestId('sending-mail-row').first());
    await pressUntil(p, () => p.getByTestId('sending-mail-row').first().getByRole('button', { name: /Comentarii pentru/ }).click(), dialog(p, 'Comentarii'));
  } },
  { name: 'dialog: recently deleted groups', viewer: 'user', include: '[role="dialog"]', scannedBy: ['groups-manage: Recent șterse of groups at both widths'], open: async (p) => {
    await goto(p, '/Grupuri-email');
    await pressUntil(p, () => p.getByRole('button', { name: 'Recent șterse' }).click(), dialog(p, 'Recent șterse'));
  } },
  { name: 'dialog: pending invitations of a group', viewer: 'user', include: '[role="dialog"]', scannedBy: ['groups-manage: the pending invitations at both widths'], open: async (p, d) => {
    await goto(p, `/Grupuri-email/${d.groupId}`);
    await pressUntil(p, () => p.getByRole('button', { name: 'invitații în așteptare' }).click(), dialog(p, 'Invitații în așteptare'));
  } },
  { name: 'dialog: members of a group', viewer: 'user', include: '[role="dialog"]', scannedBy: [], open: async (p, d) => {
    await goto(p, `/Grupuri-email/${d.groupId}`);
    await pressUntil(p, () => p.getByRole('button', { name: 'membrii grupului' }).click(), dialog(p, 'Membrii grupului'));
  } },
  { name: 'dialog: a CUI list checked', viewer: 'user', include: '[role="dialog"]', scannedBy: ['prospecting: the CUI list dialog with its result'], open: async (p, d) => {
    await goto(p, `/Grupuri-email/${d.groupId}`);
    await pressUntil(p, () => p.getByRole('button', { name: 'adaugă listă de CUI-uri' }).click(), dialog(p, 'Adaugă listă de CUI-uri'));
    const list = dialog(p, 'Adaugă listă de CUI-uri');
    await list.getByRole('textbox').first().fill('123\nnu-e-cui');
    await list.getByRole('button', { name: 'Verifică lista' }).click();
    await expect(list.getByRole('region', { name: 'Rezultatul verificării' })).toBeVisible();
  } },
  { name: 'dialog: recently deleted templates', viewer: 'user', include: '[role="dialog"]', scannedBy: ['groups-manage: Recent șterse of templates at both widths'], open: async (p) => {
    await goto(p, '/Template-uri');
    await pressUntil(p, () => p.getByRole('button', { name: 'Recent șterse' }).click(), dialog(p, 'Recent șterse'));
  } },
  { name: 'dialog: add groups to a draft', viewer: 'user', exclude: ['.rf-email-editor'], scannedBy: ['templates: the draft with the groups dialog (page)'], open: async (p, d) => {
    await goto(p, `/Template-uri/Draft/${d.draftId}/oferta`);
    await editorReady(p);
    await p.getByRole('tab', { name: /Listă firme/ }).click();
    await pressUntil(p, () => p.getByRole('button', { name: 'Adaugă grupuri' }).click(), dialog(p, 'Adaugă grupuri'));
  } },
  { name: 'dialog: add companies to a draft', viewer: 'user', include: '[role="dialog"]', scannedBy: [], open: async (p, d) => {
    await goto(p, `/Template-uri/Draft/${d.draftId}/oferta`);
    await editorReady(p);
    await p.getByRole('tab', { name: /Listă firme/ }).click();
    await pressUntil(p, () => p.getByRole('button', { name: 'Adaugă firme' }).click(), dialog(p, 'Adaugă firme'));
  } },
  { name: 'dialog: a test mail of a draft', viewer: 'user', include: '[role="dialog"]', scannedBy: ['campaigns: the test dialog'], open: async (p, d) => {
    await goto(p, `/Template-uri/Draft/${d.draftId}/oferta`);
    await editorReady(p);
    await pressUntil(p, () => p.getByRole('button', { name: 'Trimite un test' }).click(), dialog(p, 'Trimite un test'));
  } },
  { name: 'dialog: schedule the sending of a draft', viewer: 'user', include: '[role="dialog"]', scannedBy: ['campaigns: the scheduling dialog'], open: async (p, d) => {
    await goto(p, `/Template-uri/Draft/${d.draftId}/oferta`);
    await editorReady(p);
    await pressUntil(p, () => p.getByRole('button', { name: 'Trimite', exact: true }).click(), dialog(p, 'Avertisment'));
    await dialog(p, 'Avertisment').getByRole('radio', { name: 'La o dată și o oră' }).check();
  } },
  { name: '/Schimbare-parola with its errors', viewer: 'user', scannedBy: ['password: the form with errors'], open: async (p) => {
    await goto(p, '/Schimbare-parola');
    const form = p.getByRole('form', { name: 'Schimbarea parolei' });
    await pressUntil(p, () => form.getByRole('button', { name: 'Schimbă parola' }).click(), p.getByText('Parola curentă este obligatorie.'));
  } },
  { name: 'the user menu', viewer: 'user', only: 'desktop', include: '[role="menu"]', scannedBy: [], open: async (p, d) => {
    await goto(p, '/');
    const menu = p.locator('header[data-slot="site-header"]').getByRole('button', { name: d.user.UserName });
    await pressUntil(p, () => menu.click(), p.getByRole('menuitem', { name: 'Schimbă parola' }));
  } },
  { name: '/Verificari-fiscale with a job under way', viewer: 'user', scannedBy: [], open: async (p, d) => {
    await goto(p, '/Verificari-fiscale');
    const form = p.getByRole('form', { name: 'Verificare în masă' });
    await form.getByLabel(/^CUI-uri/).fill(String(d.company.Cui));
    await pressUntil(p, () => form.getByRole('button', { name: 'Pornește verificarea' }).click(), p.getByTestId('bulk-active'));
  } },
  { name: '/Verificari-fiscale with its errors', viewer: 'user', scannedBy: [], open: async (p) => {
    await goto(p, '/Verificari-fiscale');
    const form = p.getByRole('form', { name: 'Verificare în masă' });
    await form.getByLabel(/^CUI-uri/).fill('nu-e-cui');
    await pressUntil(p, () => form.getByRole('button', { name: 'Pornește verificarea' }).click(), form.getByText('CUI-uri invalide: nu-e-cui.'));
  } },
  { name: '/Chei-API with a new key’s secret shown', viewer: 'user', scannedBy: ['api-keys: secret shown at both widths', 'api-keys: a refused origin at both widths'], open: async (p) => {
    await goto(p, '/Chei-API');
    const form = p.getByRole('form', { name: 'Creează o cheie API' });
    await form.getByLabel('Numele cheii').fill(`Axe ${Date.now().toString(36)}`);
    await form.getByLabel('Origini permise din browser (opțional)').fill('https://*.exemplu.ro');
    await form.getByRole('button', { name: 'Creează cheia' }).click();
    await expect(form.getByRole('alert').or(form.locator('[aria-invalid="true"]')).first()).toBeVisible();
    await form.getByLabel('Origini permise din browser (opțional)').fill('');
    await form.getByRole('button', { name: 'Creează cheia' }).click();
    await expect(p.getByTestId('api-key-secret-box')).toBeVisible();
  } },
  { name: 'dialog: revoke an API key', viewer: 'user', include: '[role="alertdialog"]', scannedBy: ['api-keys: the revoke confirmation'], open: async (p) => {
    await goto(p, '/Chei-API');
    await pressUntil(p, () => rowAction(p, /^Revocă cheia/, 'Revocă'), p.getByRole('alertdialog'));
  } },
  { name: 'dialog: the origins of an API key', viewer: 'user', include: '[data-testid="api-key-origins-dialog"]', scannedBy: ['api-keys: the origins dialog'], open: async (p) => {
    await goto(p, '/Chei-API');
    await pressUntil(p, () => rowAction(p, /^Origini pentru cheia/, 'Origini'), p.getByTestId('api-key-origins-dialog'));
  } },
  { name: 'dialog: disconnect a CRM', viewer: 'user', include: '[role="alertdialog"]', scannedBy: [], open: async (p) => {
    await goto(p, '/CRM');
    await pressUntil(p, () => rowAction(p, /^Deconectează HubSpot/, 'Deconectează', 'HubSpot'), p.getByRole('alertdialog'));
  } },
  { name: '/CRM with the connect form’s errors', viewer: 'user', scannedBy: [], open: async (p) => {
    await goto(p, '/CRM');
    const form = p.getByRole('form', { name: 'Conectare cu token privat' });
    await form.getByRole('button', { name: 'Conectează' }).click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  } },
  { name: '/Webhook-uri with a new secret shown', viewer: 'user', scannedBy: ['webhooks: the secret at 1280 and 360'], open: async (p) => {
    await goto(p, '/Webhook-uri');
    const form = p.getByRole('form', { name: 'Adaugă un webhook' });
    await form.getByLabel('Adresa (URL)').fill(`https://hooks.exemplu.invalid/${Date.now().toString(36)}`);
    await form.getByLabel(/O firmă urmărită s-a schimbat/).check();
    await pressUntil(p, () => form.getByRole('button', { name: 'Adaugă webhook-ul' }).click(), p.getByTestId('webhook-secret-box'));
  } },
  { name: '/Webhook-uri with a delivery log', viewer: 'user', scannedBy: ['webhooks: the log at 1280 and 360'], open: async (p) => {
    await goto(p, '/Webhook-uri');
    // The endpoint made with the data, whose test delivery failed (a card's menu at 360 px).
    const url = 'https://hooks.exemplu.invalid/axe';
    await pressUntil(p, () => rowAction(p, `Jurnal: ${url}`, 'Jurnal', url), p.getByText(`Jurnalul livrărilor: ${url}`));
    // Its one delivery (a row at 1366 px, a card at 360 px).
    await expect(p.getByText('webhook.test').first()).toBeVisible();
  } },
  ...(['/Companii', '/Grupuri-email', '/companii-urmarite'] as const).map((path): State => ({
    name: `the row menu of a card on ${path}`, viewer: 'user', only: 'phone', include: '[role="menu"]', scannedBy: [`phone-layout: ${path}, a card's menu, at 360 px`], open: async (p, d) => {
      await goto(p, path === '/Companii' ? `/Companii/${d.groupId}` : path);
      await pressUntil(p, () => p.getByRole('button', { name: /^Acțiuni pentru / }).first().click(), p.getByRole('menu'));
    },
  })),
  { name: '/Grupuri-email with a received invitation', viewer: 'guest', scannedBy: ['groups-manage: the notice of a received invitation'], open: async (p) => {
    await goto(p, '/Grupuri-email');
    // The notice loads after the page (its own request): 30 s, as the machine may be loaded.
    await expect(p.getByTestId('my-invitations').getByRole('heading', { name: 'Aveți o invitație într-un grup' })).toBeVisible({ timeout: 30_000 });
  } },
  { name: 'the group page seen by a guest (view only)', viewer: 'guest', scannedBy: ['groups: the group page of a guest'], open: async (p, d) => {
    await goto(p, `/Grupuri-email/${d.groupId}`);
    await expect(p.getByRole('heading', { level: 1, name: d.groupName })).toBeVisible();
    // Both companies: a row's comments button at 1366 px, a card's menu at 360 px.
    await expect(p.getByRole('button', { name: /^(Comentarii|Acțiuni) pentru / })).toHaveCount(2);
  } },
  { name: '/Webhook-uri without a webhook', viewer: 'guest', scannedBy: ['webhooks: the empty page at 1280 and 360'], open: async (p) => {
    await goto(p, '/Webhook-uri');
    await expect(p.getByRole('heading', { level: 1, name: 'Webhook-uri' })).toBeVisible();
    await expect(p.getByTestId('webhook-row')).toHaveCount(0);
  } },
  { name: '/companii-urmarite without a company', viewer: 'guest', scannedBy: ['watch: the empty list'], open: (p) => goto(p, '/companii-urmarite') },
  { name: '/Grupuri-email with the unconfirmed-address banner', viewer: 'unconfirmed', scannedBy: ['email-verification: the banner'], open: async (p) => {
    await goto(p, '/Grupuri-email');
    await expect(p.getByText('Confirmă adresa de e-mail a contului')).toBeVisible();
  } },
  { name: '/Schimbare-parola forced', viewer: 'forced', scannedBy: ['password: the forced change'], open: async (p) => {
    await p.goto('/Grupuri-email');
    await expect(p).toHaveURL(/\/Schimbare-parola$/, { timeout: 30_000 });
    await expect(p.getByTestId('forced-change')).toBeVisible();
  } },

  // ── the Admin ──
  { name: '/Chei-API as the Admin (every key)', viewer: 'admin', scannedBy: ['api-keys: the admin list at both widths'], open: (p) => goto(p, '/Chei-API') },
  { name: 'dialog: the limits of an API key', viewer: 'admin', include: '[data-testid="api-key-limits-dialog"]', scannedBy: ['api-keys: the limits dialog'], open: async (p) => {
    await goto(p, '/Chei-API');
    await pressUntil(p, () => rowAction(p, /^Limite pentru cheia/, 'Limite'), p.getByTestId('api-key-limits-dialog'));
  } },
  { name: 'dialog: edit a user', viewer: 'admin', include: '[role="dialog"]', scannedBy: ['users: the edit dialog'], open: async (p, d) => {
    await findUser(p, d.user.Email);
    await pressUntil(p, () => rowAction(p, `Modifică utilizatorul ${d.user.UserName}`, 'Modifică', d.user.UserName), dialog(p, 'Modifică utilizatorul'));
  } },
  { name: 'dialog: the contacts a user added', viewer: 'admin', include: '[role="dialog"]', scannedBy: ['users: the contacts dialog with a row'], open: async (p, d) => {
    await findUser(p, d.user.Email);
    await pressUntil(p, () => rowAction(p, `Contactele utilizatorului ${d.user.UserName}`, 'Contacte', d.user.UserName), dialog(p, `Contactele adăugate de ${d.user.UserName}`));
  } },
  { name: 'dialog: block a user', viewer: 'admin', include: '[role="alertdialog"]', scannedBy: ['users: the block confirmation', 'users: the private-contact confirmation'], open: async (p, d) => {
    await findUser(p, d.user.Email);
    await pressUntil(p, () => p.getByRole('switch', { name: `Acces restricționat: ${d.user.UserName}` }).click(), p.getByRole('alertdialog'));
  } },
  { name: 'dialog: delete a user', viewer: 'admin', include: '[role="alertdialog"]', scannedBy: ['users: the delete confirmation'], open: async (p, d) => {
    await findUser(p, d.user.Email);
    await pressUntil(p, () => rowAction(p, `Șterge utilizatorul ${d.user.UserName}`, 'Șterge', d.user.UserName), p.getByRole('alertdialog'));
  } },
  { name: 'the row menu of a card on /Utilizatori', viewer: 'admin', only: 'phone', include: '[role="menu"]', scannedBy: ["phone-layout: /Utilizatori, a card's menu, at 360 px"], open: async (p) => {
    await goto(p, '/Utilizatori');
    await pressUntil(p, () => p.getByRole('button', { name: /^Acțiuni pentru / }).first().click(), p.getByRole('menu'));
  } },
  { name: 'dialog: user filters (phone)', viewer: 'admin', only: 'phone', include: '[role="dialog"]', scannedBy: ['users.mobile: the filters modal'], open: async (p) => {
    await goto(p, '/Utilizatori');
    await pressUntil(p, () => p.getByRole('button', { name: /^Filtre/ }).first().click(), dialog(p, 'Filtre'));
  } },
  { name: 'dialog: contact filters (phone)', viewer: 'admin', only: 'phone', scannedBy: ['contacts.mobile: the filters modal'], open: async (p) => {
    await goto(p, '/Contacte');
    await pressUntil(p, () => p.getByRole('button', { name: 'Filtre', exact: true }).click(), dialog(p, 'Filtre'));
  } },
  { name: 'dialog: advanced contact filters', viewer: 'admin', scannedBy: ['contacts.mobile: the advanced filters modal'], open: async (p) => {
    await goto(p, '/Contacte');
    await pressUntil(p, () => p.getByRole('button', { name: /Filtre avansate/ }).click(), dialog(p, 'Filtre avansate'));
  } },
  { name: 'dialog: edit contacts (Admin) with a link error', viewer: 'admin', include: '[data-testid="edit-contacts-modal"]', scannedBy: ['contacts.mobile: the edit modal', 'security-headers: the modal with the link error'], open: async (p) => {
    await goto(p, '/Contacte');
    const card = p.getByTestId('contacts-card').first();
    await pressUntil(p, () => card.getByRole('button', { name: /Modifică/ }).click(), p.getByTestId('edit-contacts-modal'));
    const modal = p.getByTestId('edit-contacts-modal');
    await modal.getByRole('tab', { name: 'Social media' }).click();
    await modal.getByLabel('Facebook').fill('javascript:alert(1)');
    await modal.getByRole('button', { name: 'Salvează social media' }).click();
    await expect(modal.getByText('Linkul trebuie să fie o adresă web care începe cu http:// sau https://.')).toBeVisible();
  } },
];

/** The Utilizatori list searched for one account. */
async function findUser(page: Page, email: string) {
  await goto(page, '/Utilizatori');
  const search = page.getByRole('searchbox', { name: 'Caută un utilizator' });
  await search.fill(email);
  await search.press('Enter');
  await expect(page.getByTestId('users-count')).toHaveText('Rezultate: 1');
}

const STATES: readonly State[] = [...PAGE_STATES, ...OTHER_STATES];

/** The axe findings of a failed step (the received list, each labelled with the state), or the state and the first line of any other error. */
function findingsOf(name: string, e: Error): string {
  const lines = e.message.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const found = lines.filter((l) => /^\+ {3}"/.test(l)).map((l) => l.replace(/^\+ {3}"|",?$/g, ''));
  return found.length ? found.join('; ') : `${name}: ${lines[0]}`;
}

// The tests share out over the workers; each worker makes its data and sessions once. A stuck
// action fails its state's step, not the whole test.
test.describe.configure({ mode: 'parallel' });
test.use({ actionTimeout: 20_000, navigationTimeout: 60_000 });

let data: PageData;
const pages = new Map<Viewer, { context: BrowserContext; page: Page }>();
let api: APIRequestContext;

test.beforeAll(async ({ playwright, browser }) => {
  test.setTimeout(240_000);
  api = await playwright.request.newContext({ baseURL });
  data = await preparePageData(api, baseURL);
  // A key of the User's (the revoke, origins and limits dialogs need one row).
  expect((await api.post('/api/ApiKey/create', { headers: { Authorization: `Bearer ${data.user.AccessToken}` }, data: { Name: 'Cheie axe' } })).status()).toBe(200);
  const unconfirmed = await registerAccount(api, { name: 'Banner', confirmed: false });
  const forced = await registerAccount(api, { name: 'Fortat', confirmed: false });
  const db = new pg.Client({ connectionString: readE2eState().databaseUrl });
  await db.connect();
  await db.query(`UPDATE app_user SET must_change_password = true WHERE email = $1`, [forced.Email.toLowerCase()]);
  // A HubSpot connection of the User's with two log rows: the CRM page's lists and its disconnect dialog.
  const crm = await db.query<{ id: number }>(
    `INSERT INTO crm_connection (user_id, provider, token) VALUES ($1, 'hubspot', 'pat-axe-0000') ON CONFLICT (user_id, provider) DO UPDATE SET token = EXCLUDED.token RETURNING id`,
    [data.userId],
  );
  await db.query(`INSERT INTO crm_sync_log (connection_id, kind, status, pulled, finished_at) VALUES ($1, 'pull', 'Done', 3, now())`, [crm.rows[0].id]);
  await db.query(`INSERT INTO crm_sync_log (connection_id, kind, status, error, finished_at) VALUES ($1, 'push', 'Failed', 'CRM-ul nu răspunde', now())`, [crm.rows[0].id]);
  await db.end();
  const accounts: Record<Exclude<Viewer, 'public'>, [string, string | undefined]> = {
    user: [data.user.Email, undefined],
    admin: [E2E_ADMIN.email, E2E_ADMIN.password],
    unconfirmed: [unconfirmed.Email, undefined],
    forced: [forced.Email, undefined],
    guest: [data.guest.Email, undefined],
  };
  pages.set('public', await newPage(browser));
  // Tokens put in once, then left to the app: it refreshes and rotates them over a long test, and a
  // script that wrote the first tokens again on every navigation would sign the page out.
  for (const [viewer, [email, password]] of Object.entries(accounts)) {
    const p = await newPage(browser);
    const tokens = await tokensOf(p.page.request, email, password);
    await p.page.goto('/');
    await p.page.evaluate((t) => {
      localStorage.setItem('AccessToken', t.AccessToken);
      localStorage.setItem('RefreshToken', t.RefreshToken);
    }, tokens);
    pages.set(viewer as Viewer, p);
  }
});

async function newPage(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.afterAll(async () => {
  for (const { context } of pages.values()) await context.close();
  await api?.dispose();
});

const isPage = (s: State) => s.name.startsWith('page ');
const GROUPS: { title: string; pick: (s: State) => boolean }[] = [
  { title: 'every page and dialog signed out', pick: (s) => s.viewer === 'public' },
  { title: 'every page as a User', pick: (s) => s.viewer === 'user' && isPage(s) },
  { title: 'every other state and dialog as a User', pick: (s) => ['user', 'unconfirmed', 'forced', 'guest'].includes(s.viewer) && !isPage(s) },
  { title: 'every page and dialog as the Admin', pick: (s) => s.viewer === 'admin' },
];

/**
 * Tests of at most CHUNK states (issue 47): short tests share out evenly over the two workers, and
 * a failure reruns a few states, not 30. A chunk keeps the list's order, so the dialogs of one page
 * still follow its load.
 */
const CHUNK = 5;
function chunksOf<T>(list: T[]): T[][] {
  const n = Math.max(1, Math.ceil(list.length / CHUNK));
  const size = Math.ceil(list.length / n);
  return Array.from({ length: n }, (_, i) => list.slice(i * size, (i + 1) * size)).filter((c) => c.length > 0);
}

/** The overlays a state may have open (a dialog, a menu, an open list): the resize must not close them. */
const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** What must hold after the resize for the state to count as still open: the same address, the scanned part and as many overlays. */
async function signatureOf(page: Page, state: State) {
  const include = state.include ? await page.locator(state.include).first().isVisible() : true;
  const overlays = await page.locator(OVERLAYS).filter({ visible: true }).count();
  return { url: page.url(), include, overlays };
}

/** Two frames after a resize: the media-query listeners (cards below 768 px, sheets below 640 px) have re-rendered. */
const afterLayout = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/**
 * One open, two scans (issue 47): a state is opened at 1366 px and scanned, then the window is
 * narrowed to 360 px and the same state scanned again: the layout answers the width through CSS
 * and media-query listeners, as it does when a user narrows a window or turns a tablet. When the
 * state does not survive the narrowing (another address, the scanned part or an overlay gone), it
 * is opened again on a page loaded at 360 px. States that exist at one width only (`only`) open
 * at that width. Each scan is its own named step, `<state>, at <width> px`.
 */
for (const group of GROUPS) {
  const chunks = chunksOf(STATES.filter(group.pick));
  chunks.forEach((states, i) => {
    const part = chunks.length > 1 ? ` (${i + 1}/${chunks.length})` : '';
    test(`${group.title}${part}, at 1366 and 360 px`, async () => {
      // A budget only a stuck state reaches: the CAEN catalogue (8,800 elements) has taken 100 s at load 30.
      test.setTimeout(states.length * 60_000);
      const failed: string[] = [];
      for (const state of states) {
        const page = pages.get(state.viewer)!.page;
        const widths: Width[] = state.only ? [state.only] : ['desktop', 'phone'];
        let open: Awaited<ReturnType<typeof signatureOf>> | null = null;
        for (const width of widths) {
          const label = `${state.name}, at ${SIZES[width].width} px`;
          // A finding or a screen that does not open fails this step; the next one still runs.
          await test
            .step(label, async () => {
              const t0 = Date.now();
              let reopened = false;
              await page.setViewportSize(SIZES[width]);
              if (open) {
                await afterLayout(page);
                const now = await signatureOf(page, state);
                if (now.url !== open.url || !now.include || now.overlays < open.overlays) {
                  await page.keyboard.press('Escape').catch(() => {});
                  reopened = true;
                  open = null;
                }
              }
              if (!open) {
                await state.open(page, data);
                open = await signatureOf(page, state);
              }
              const t1 = Date.now();
              await expectNoAxeViolations(page, { include: state.include, exclude: state.exclude, label });
              if (state.editor) await expectNoAxeRuleViolations(page, '.rf-email-editor', ['frame-title', 'color-contrast']);
              if (process.env.RF_A11Y_TIMINGS) appendFileSync(process.env.RF_A11Y_TIMINGS, JSON.stringify({ state: state.name, width, reopened, open: t1 - t0, ...axeTimings, total: Date.now() - t0 }) + '\n');
            })
            .catch((e: Error) => {
              open = null;
              failed.push(findingsOf(label, e));
            });
        }
        await page.keyboard.press('Escape').catch(() => {});
      }
      expect(failed).toEqual([]);
    });
  });
}

test('the scan reports a planted violation by rule and element (it can fail)', async ({ page }) => {
  await page.setContent('<html lang="ro"><body><main><img src="data:," id="planted"><button id="nameless"></button></main></body></html>');
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt: #planted[\s\S]*button-name: #nameless|button-name: #nameless[\s\S]*image-alt: #planted/);
});
