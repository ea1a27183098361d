// Demo accounts for the signed-in half, seeded once by `npm start` / `npm run dev` into a new
// database (right after the first admin is created), so a newcomer finds something to look at in
// Grupuri, Contacte, Template-uri, Drafturi and Utilizatori. Every row is written through the
// product's own commands (groups, invitations, contacts, comments, templates, drafts), so it obeys
// the same rules as rows written through the API. DEMO_ACCOUNTS=0 turns it off; DEMO_PASSWORD sets
// their password (the published one otherwise, accepted only on a loopback instance: decision 031).
//
// Run as its own process (tsx --conditions=react-server) with DATABASE_URL set: the server modules
// read their settings when imported. By hand: npx tsx --conditions=react-server scripts/data/demo-accounts.ts
import { serializeDesign } from '../../lib/templates/design';
import { contactSchema } from '../../lib/contacts/schemas';
import type { Actor } from '../../server/auth/actor';
import { DEMO_DOMAIN, PUBLISHED_DEMO_PASSWORD } from '../../server/kernel/exposure';
import { hashPassword } from '../../server/auth/passwords';
import { env } from '../../server/kernel/env';
import { addComment } from '../../server/comments/commands';
import { addOwnContact } from '../../server/contacts/commands';
import { closeDb, sql } from '../../server/kernel/db';
import { createDraft } from '../../server/drafts/commands';
import { addCompaniesToGroup, addGroup } from '../../server/groups/commands';
import { acceptInvitation, inviteToGroup } from '../../server/groups/invitations';
import { addTemplate } from '../../server/templates/commands';
const DEMO_PASSWORD = env.DEMO_PASSWORD ?? PUBLISHED_DEMO_PASSWORD;

type DemoUser = { name: string; local: string; blocked?: boolean };
const DEMO_USERS: DemoUser[] = [
  { name: 'Ana Popescu', local: 'ana.popescu' },
  { name: 'Mihai Ionescu', local: 'mihai.ionescu' },
  { name: 'Elena Dumitrescu', local: 'elena.dumitrescu' },
  { name: 'Radu Stanciu', local: 'radu.stanciu', blocked: true },
];

const CONTACT_ROLES = ['Director general', 'Director vânzări', 'Manager achiziții', 'Contabil șef'];

/** Companies with figures, largest first: in `county` (by name, e.g. 'Cluj') and of CAEN divisions `caen`, or any. */
async function companies(county: string | null, limit: number, caen: string[] | null = null): Promise<number[]> {
  const rows = await sql<{ cui: number }>(
    `SELECT c.cui FROM company c LEFT JOIN county k ON k.id = c.county_id
      WHERE c.last_year IS NOT NULL AND ($1::text IS NULL OR k.name = $1) AND ($3::text[] IS NULL OR left(c.caen_code, 2) = ANY($3))
      ORDER BY c.turnover DESC NULLS LAST, c.cui LIMIT $2`,
    [county, limit, caen],
  );
  return rows.map((r) => r.cui);
}

async function createUser(u: DemoUser, passwordHash: string): Promise<Actor> {
  const [row] = await sql<{ id: number }>(
    `INSERT INTO app_user (user_name, user_name_norm, email, email_verified, password_hash, role_id, is_blocked)
     SELECT $1, $2, $3, now(), $4, r.id, $5 FROM role r WHERE r.name = 'User' RETURNING id`,
    [u.name, u.name.toLowerCase(), `${u.local}@${DEMO_DOMAIN}`, passwordHash, !!u.blocked],
  );
  return { userId: row.id, userName: u.name, roles: ['User'] };
}

const DESIGN_MJML = `<mjml><mj-body background-color="#f1f5f9">
  <mj-section background-color="#ffffff" padding="24px">
    <mj-column>
      <mj-text font-size="22px" font-weight="700" color="#1e293b">Bună ziua, {{NumeFirma}}!</mj-text>
      <mj-text font-size="15px" line-height="1.6" color="#334155">Am observat că {{NumeFirma}} (CUI {{CUI}}) activează în {{ActivitateCAEN}}, în județul {{Judet}}. Vă propunem o discuție de 15 minute despre cum vă putem ajuta să vă găsiți clienți noi.</mj-text>
      <mj-button background-color="#3730a3" href="https://radarfirme.ro">Programează o discuție</mj-button>
      <mj-text font-size="13px" color="#64748b">Cu stimă, echipa de vânzări</mj-text>
    </mj-column>
  </mj-section>
</mj-body></mjml>`;

async function seedDemoAccounts(): Promise<{ users: number } | null> {
  const existing = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM app_user WHERE email LIKE $1`, [`%@${DEMO_DOMAIN}`]);
  if (existing[0].n > 0) return null;
  const admins = await sql<{ id: number; user_name: string }>(
    `SELECT u.id, u.user_name FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.name = 'Admin' AND NOT u.is_deleted ORDER BY u.id LIMIT 1`,
  );
  if (!admins[0] || (await companies(null, 1)).length === 0) return null;
  const admin: Actor = { userId: admins[0].id, userName: admins[0].user_name, roles: ['Admin'] };

  const hash = await hashPassword(DEMO_PASSWORD);
  const [ana, mihai, elena] = await Promise.all(DEMO_USERS.map((u) => createUser(u, hash)));

  // Groups of companies, one shared: Ana invites Mihai with edit rights and he accepts.
  const cluj = await addGroup(ana, { Name: 'Clienți Cluj' });
  await addCompaniesToGroup(ana, cluj.Id, await companies('Cluj', 40));
  const constructii = await addGroup(ana, { Name: 'Prospecți construcții' });
  await addCompaniesToGroup(ana, constructii.Id, await companies(null, 25, ['41', '42', '43']));
  const bucuresti = await addGroup(elena, { Name: 'Parteneri București' });
  await addCompaniesToGroup(elena, bucuresti.Id, await companies('București', 30));
  const adminGroup = await addGroup(admin, { Name: 'Mari contribuabili' });
  await addCompaniesToGroup(admin, adminGroup.Id, await companies(null, 50));

  await inviteToGroup(ana, { Email: `mihai.ionescu@${DEMO_DOMAIN}`, GroupId: cluj.Id, Access: 'Edit' });
  const [invite] = await sql<{ id: string }>(`SELECT id::text FROM group_invitation WHERE group_id = $1 AND status = 'Pending'`, [cluj.Id]);
  await acceptInvitation(mihai, invite.id);
  await inviteToGroup(elena, { Email: `ana.popescu@${DEMO_DOMAIN}`, GroupId: bucuresti.Id, Access: 'View' });
  const [invite2] = await sql<{ id: string }>(`SELECT id::text FROM group_invitation WHERE group_id = $1 AND status = 'Pending'`, [bucuresti.Id]);
  await acceptInvitation(ana, invite2.id);

  // Contacts: public ones every user sees, private ones only their author sees.
  const people = ['Andrei Matei', 'Cristina Pop', 'Bogdan Rusu', 'Ioana Georgescu', 'Vlad Munteanu', 'Irina Tudor'];
  const contactCompanies = await companies('Cluj', 12);
  for (const [i, cui] of contactCompanies.entries()) {
    const author = [ana, mihai, elena][i % 3];
    const person = people[i % people.length];
    const local = person.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '').replace(/\s+/g, '.');
    await addOwnContact(author, {
      ...contactSchema.parse({
        Name: person,
        Role: CONTACT_ROLES[i % CONTACT_ROLES.length],
        Email: `${local}@exemplu.ro`,
        Phone: `07${String(20_000_000 + i * 1_234_567).slice(0, 8)}`,
        Private: i % 4 === 3,
      }),
      CompanyId: cui,
    });
  }

  // Comments on companies of the shared group.
  const placed = await sql<{ id: number; cui: number }>(`SELECT id, cui FROM company_in_group WHERE group_id = $1 AND NOT is_deleted ORDER BY id LIMIT 3`, [cluj.Id]);
  const notes = ['Am discutat cu directorul de vânzări; revenim în ianuarie.', 'Interesați de o ofertă pentru 20 de utilizatori.', 'Nu răspund la telefon; încercăm pe email.'];
  for (const [i, cg] of placed.entries()) {
    await addComment(i % 2 ? mihai : ana, { Content: notes[i], CompanyCui: cg.cui, CompanyGroupId: cg.id });
  }

  // A template with merge fields, and a draft of it for the shared group.
  for (const author of [ana, admin]) {
    const t = await addTemplate(author, {
      Name: 'Prezentare servicii',
      Description: 'Primul contact cu o firmă: cine suntem și ce oferim.',
      Tags: ['Ofertă', 'Prospectare'],
      Content: serializeDesign(DESIGN_MJML, {}),
    });
    await createDraft(author, { MailTemplateId: t.Id, CompanyIds: [], GroupIds: [author === ana ? cluj.Id : adminGroup.Id] });
  }
  return { users: DEMO_USERS.length };
}

if (require.main === module) {
  seedDemoAccounts()
    .then(async (r) => {
      if (r) console.log(`[date] conturi demonstrative: ${r.users} utilizatori (@${DEMO_DOMAIN}, parola ${DEMO_PASSWORD === PUBLISHED_DEMO_PASSWORD ? DEMO_PASSWORD : 'din DEMO_PASSWORD'}), cu grupuri, contacte, comentarii, template-uri și drafturi`);
      await closeDb();
      process.exit(0);
    })
    .catch(async (e) => {
      console.error(`[date] conturile demonstrative nu au fost create: ${e instanceof Error ? e.message : String(e)}`);
      await closeDb().catch(() => {});
      process.exit(1);
    });
}
