// Decision 124: a draft made from groups reads at most DRAFT_LIMITS.companiesMax + 1 of their
// companies. A group has no size limit; read whole (through Prisma) before the draft's limit was
// checked, a large one could exhaust the server's 320 MB heap. Past the limit: the same 400 as
// before, now before anything else is read or written.
import { POST as ADD_TEMPLATE } from '@/app/api/MailTemplate/Add/route';
import { POST as CREATE } from '@/app/api/MailSend/createDraftMail/route';
import { PUT as EDIT } from '@/app/api/MailSend/editDraft/route';
import { GET as COMPANIES } from '@/app/api/MailSend/getCompaniesMail/route';
import { DRAFT_LIMITS } from '@/lib/drafts/schemas';
import { serializeDesign } from '@/lib/templates/design';
import { sql } from '@/server/kernel/db';
import { call } from './support/auth';
import { dropActors, makeActors, tokenOf, type Actors } from './support/authz';
import { widestRead } from './support/widest-read';
import { createGroup, type TestGroup } from '../factories/groups';

const MAX = DRAFT_LIMITS.companiesMax;
/** CUIs of this file's own companies, far from the seeded and factory ranges. */
const FIRST_CUI = 170_000_000;
const OWN = MAX + 500;
let who: Actors;
let token: string;
let templateId: number;
let big: TestGroup;
let first: TestGroup;

beforeAll(async () => {
  who = await makeActors();
  token = await tokenOf(who.owner);
  await sql(
    `INSERT INTO company (cui, name, employees, turnover, profit, is_active, full_address)
     SELECT $1 + i, 'FIRMA DE VOLUM ' || i || ' SRL', 0, 0, 0, true, 'Str. Volumului 1' FROM generate_series(0, $2 - 1) i`,
    [FIRST_CUI, OWN],
  );
  big = await createGroup(who.owner, 'Grup peste limita draftului');
  await sql(`INSERT INTO company_in_group (group_id, cui, added_by_id) SELECT $1, $2 + i, $3 FROM generate_series(0, $4 - 1) i`, [big.id, FIRST_CUI, who.owner.id, OWN]);
  // Three of the big group's companies, added later to a group named first.
  first = await createGroup(who.owner, 'Grup numit primul');
  await sql(`INSERT INTO company_in_group (group_id, cui, added_by_id) SELECT $1, $2 + i, $3 FROM generate_series(0, 2) i`, [first.id, FIRST_CUI + 10, who.owner.id]);
  const design = serializeDesign('<mjml><mj-body><mj-section><mj-column><mj-text>Bună</mj-text></mj-column></mj-section></mj-body></mjml>', {});
  const t = await call(ADD_TEMPLATE, '/api/MailTemplate/Add', { body: { Name: 'Ofertă volum', Description: 'd', Content: design, Tags: [] }, token });
  templateId = t.body.Id;
}, 120_000);
afterAll(async () => {
  await sql('DELETE FROM company_group_list WHERE id = ANY($1::int[])', [[big.id, first.id]]);
  await sql('DELETE FROM company WHERE cui >= $1 AND cui < $2', [FIRST_CUI, FIRST_CUI + OWN]);
  await dropActors(who);
});

const drafts = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM grouped_mail WHERE created_by_id = $1', [who.owner.id]))[0].n;

test('a group with more companies than a draft holds is refused with 400 after reading at most the limit', async () => {
  const before = await drafts();
  const seen = await widestRead(() => call(CREATE, '/api/MailSend/createDraftMail', { body: { MailTemplateId: templateId, CompanyIds: [], GroupIds: [big.id] }, token }));
  expect(seen.value.status).toBe(400);
  expect(seen.value.body.Message).toBe(`Un draft poate avea cel mult ${MAX} de firme.`);
  // Read whole, the group was OWN rows.
  expect(seen.rows).toBeLessThanOrEqual(MAX + 1);
  expect(await drafts()).toBe(before);
});

test('a company named directly counts against the limit too; an edit adding the group is refused the same way', async () => {
  const id = (await call(CREATE, '/api/MailSend/createDraftMail', { body: { MailTemplateId: templateId, CompanyIds: [], GroupIds: [first.id] }, token })).body as number;
  const res = await call(EDIT, '/api/MailSend/editDraft', { body: { Id: id, CompanyIds: [], GroupIds: [big.id] }, token });
  expect(res.status).toBe(400);
  expect(res.body.Message).toBe(`Un draft poate avea cel mult ${MAX} de firme.`);
});

test('within the limit a company in two groups comes once, with the first group named', async () => {
  await sql('DELETE FROM company_in_group WHERE group_id = $1 AND cui >= $2', [big.id, FIRST_CUI + MAX - 5]);
  const res = await call(CREATE, '/api/MailSend/createDraftMail', { body: { MailTemplateId: templateId, CompanyIds: [], GroupIds: [first.id, big.id] }, token });
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
  const rows = await sql<{ cui: number; group_id: number }>('SELECT cui, group_id FROM grouped_mail_company WHERE grouped_mail_id = $1 ORDER BY id', [res.body]);
  expect(rows).toHaveLength(MAX - 5);
  expect(rows.slice(0, 3)).toEqual([10, 11, 12].map((i) => ({ cui: FIRST_CUI + i, group_id: first.id })));
  expect(rows.filter((r) => r.group_id === first.id)).toHaveLength(3);
  expect(rows[3]).toEqual({ cui: FIRST_CUI, group_id: big.id });
  const page = await call(COMPANIES, `/api/MailSend/getCompaniesMail?GroupedMailId=${res.body}`, { token });
  expect(page.status).toBe(200);
  expect(page.body.Count).toBe(MAX - 5);
});
