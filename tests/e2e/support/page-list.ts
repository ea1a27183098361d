// Every page of the app once, with the address that opens it and who opens it, for the specs that
// must visit them all (accessibility.spec.ts; a layout check may reuse it). The routes are those of
// PAGE_AUDIENCES (server/auth/guard.ts) and app/(public); tests/unit/page-list.test.ts fails when
// a page is added there and not here (so this file imports nothing but types). The rows and links
// the dynamic pages need come from preparePageData (./page-data.ts).
import type { NewUser } from './accounts';

/** Who opens the page: nobody signed in, a User, or the Admin. */
export type Visitor = 'public' | 'user' | 'admin';

/** What the dynamic pages need, made by preparePageData. */
export type PageData = {
  user: NewUser;
  userId: number;
  /** A company with representatives (the takedown form) and its page address. */
  company: { Cui: number; Name: string };
  companyPath: string;
  /** A company with public tenders (the Licitații tab). */
  tendersCompanyPath: string;
  groupId: number;
  groupName: string;
  templateId: number;
  draftId: number;
  /** The invitation page and the unsubscribe page of the invitation mail (valid links). */
  invitationPath: string;
  unsubscribePath: string;
  /** The verification link of an unconfirmed account (the success state of /Verificare-email). */
  verificationPath: string;
  /** The confirmation link of a takedown request (/date-personale/confirmare with a live token). */
  takedownConfirmPath: string;
  /** A company with statements (its risk score and sector benchmarks), and a comparison of three such. */
  scoredCompanyPath: string;
  comparePath: string;
  /** A second confirmed account: a member (View) of the group above, and invited to another group of the User's. */
  guest: { Email: string };
  /** The name of a sending of the User's (its messages wait in the queue), for the comments of a sent message. */
  sentMailName: string;
};

export type PageVisit = {
  /** The route as PAGE_AUDIENCES spells it (the unit test matches on it). */
  route: string;
  visitor: Visitor;
  path: (d: PageData) => string;
  /** Set when the page shows something other than itself in the production build (a 404, a redirect). */
  note?: string;
};

const slug = (s: string) => encodeURIComponent(s.replace(/\s+/g, '-'));

export const PAGE_LIST: readonly PageVisit[] = [
  { route: '/', visitor: 'public', path: () => '/' },
  { route: '/microsoft-login', visitor: 'public', path: () => '/microsoft-login', note: 'the return point of the provider sign-in, seen without a sign-in under way' },
  { route: '/Resetare-parola', visitor: 'public', path: () => '/Resetare-parola?email=axe%40exemplu.ro&token=AAAAAAAAAAAAAAAAAAAAAAAA' },
  { route: '/Parola-uitata', visitor: 'public', path: () => '/Parola-uitata' },
  { route: '/Cautare-avansata/[[...filters]]', visitor: 'public', path: () => '/Cautare-avansata' },
  { route: '/Coduri-caen', visitor: 'public', path: () => '/Coduri-caen' },
  { route: '/Coduri-caen/[caenCode]', visitor: 'public', path: () => '/Coduri-caen/4711' },
  { route: '/Gaseste-clienti', visitor: 'public', path: () => '/Gaseste-clienti?q=paine' },
  { route: '/company-details', visitor: 'public', path: () => '/company-details', note: 'redirects Home' },
  { route: '/company-details/[companyCui]', visitor: 'public', path: (d) => `/company-details/${d.company.Cui}`, note: 'answers 301 to the named address' },
  { route: '/company-details/[companyCui]/[companyName]', visitor: 'public', path: (d) => d.companyPath },
  { route: '/Invitatie/[inviteId]/[groupName]/[groupId]', visitor: 'public', path: (d) => d.invitationPath },
  { route: '/Verificare-email', visitor: 'public', path: (d) => d.verificationPath },
  { route: '/dezabonare', visitor: 'public', path: (d) => d.unsubscribePath },
  { route: '/date-personale', visitor: 'public', path: () => '/date-personale' },
  { route: '/date-personale/confirmare', visitor: 'public', path: (d) => d.takedownConfirmPath },
  { route: '/notificari/dezabonare', visitor: 'public', path: () => '/notificari/dezabonare?t=axe' },
  { route: '/dev/mailbox', visitor: 'public', path: () => '/dev/mailbox?to=nimeni%40exemplu.ro' },
  { route: '/ui-kit', visitor: 'public', path: () => '/ui-kit', note: 'the Romanian 404 page in a production build' },
  { route: '/Companii/[[...groupId]]', visitor: 'user', path: (d) => `/Companii/${d.groupId}` },
  { route: '/Grupuri-email', visitor: 'user', path: () => '/Grupuri-email' },
  { route: '/Grupuri-email/[groupId]', visitor: 'user', path: (d) => `/Grupuri-email/${d.groupId}` },
  { route: '/Grupuri-email/[groupId]/[groupName]/[[...history]]', visitor: 'user', path: (d) => `/Grupuri-email/${d.groupId}/${slug(d.groupName)}/istoric` },
  { route: '/Template-uri', visitor: 'user', path: () => '/Template-uri' },
  { route: '/Template-uri/Adauga', visitor: 'user', path: () => '/Template-uri/Adauga' },
  { route: '/Template-uri/Editare/[templateId]/[templateName]', visitor: 'user', path: (d) => `/Template-uri/Editare/${d.templateId}/sablon` },
  { route: '/Template-uri/Draft/[templateId]/[templateName]', visitor: 'user', path: (d) => `/Template-uri/Draft/${d.draftId}/oferta` },
  { route: '/Drafturi-email', visitor: 'user', path: () => '/Drafturi-email' },
  { route: '/Emailuri-trimise', visitor: 'user', path: () => '/Emailuri-trimise' },
  { route: '/Emailuri-trimise-companiilor', visitor: 'user', path: () => '/Emailuri-trimise-companiilor' },
  { route: '/Emailuri-trimise/Rezultate/[id]', visitor: 'user', path: (d) => `/Emailuri-trimise/Rezultate/${d.draftId}` },
  { route: '/Schimbare-parola', visitor: 'user', path: () => '/Schimbare-parola' },
  { route: '/Cautari-salvate', visitor: 'user', path: () => '/Cautari-salvate' },
  { route: '/Chei-API', visitor: 'user', path: () => '/Chei-API' },
  { route: '/Webhook-uri', visitor: 'user', path: () => '/Webhook-uri' },
  { route: '/Verificari-fiscale', visitor: 'user', path: () => '/Verificari-fiscale' },
  { route: '/CRM', visitor: 'user', path: () => '/CRM' },
  { route: '/companii-urmarite', visitor: 'user', path: () => '/companii-urmarite' },
  { route: '/notificari', visitor: 'user', path: () => '/notificari' },
  { route: '/notificari/setari', visitor: 'user', path: () => '/notificari/setari' },
  { route: '/Compara', visitor: 'public', path: (d) => `/Compara?cui=${d.company.Cui}` },
  { route: '/Contacte', visitor: 'admin', path: () => '/Contacte' },
  { route: '/Utilizatori', visitor: 'admin', path: () => '/Utilizatori' },
  { route: '/PretindereCompanie', visitor: 'admin', path: () => '/PretindereCompanie' },
  { route: '/Cereri-date-personale', visitor: 'admin', path: () => '/Cereri-date-personale' },
  { route: '/Jurnal-audit', visitor: 'admin', path: () => '/Jurnal-audit' },
  { route: '/Liste-datorii-ANAF', visitor: 'admin', path: () => '/Liste-datorii-ANAF' },
];
