// The template endpoints: each as owner, another user, anonymous and Admin; tags; search and
// sort; soft delete; designs that are not JSON, too large or carry scripts are refused.
import { POST as ADD } from '@/app/api/MailTemplate/Add/route';
import { PUT as EDIT } from '@/app/api/MailTemplate/Edit/route';
import { GET as GET_ONE } from '@/app/api/MailTemplate/get/route';
import { GET as LIST } from '@/app/api/MailTemplate/getPagedMailTemplate/route';
import { GET as TAGS } from '@/app/api/MailTemplate/getTags/route';
import { POST as PREVIEW } from '@/app/api/MailTemplate/preview/route';
import { PUT as DELETE_ONE } from '@/app/api/MailTemplate/virtualDelete/route';
import { sql } from '@/server/kernel/db';
import { DESIGN_MAX_BYTES, DESIGN_MESSAGES, MJML_MAX_CHARS, serializeDesign } from '@/lib/templates/design';
import { call } from './support/auth';
import { callAs, dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';

const mjml = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const design = (text = 'Bună ziua, {{NumeFirma}}!') => serializeDesign(mjml(text), { pages: [{ component: { type: 'wrapper' } }] });
/** A valid design of exactly this many bytes (ASCII padding in the project data). */
function designOfBytes(bytes: number): string {
  const base = serializeDesign(mjml('Mare'), { blob: '' });
  return serializeDesign(mjml('Mare'), { blob: 'a'.repeat(bytes - base.length) });
}

let who: Actors;
let ownerToken: string;

async function addAsOwner(body: Record<string, unknown>) {
  return call(ADD, '/api/MailTemplate/Add', { body: { Content: design(), ...body }, token: ownerToken });
}

beforeAll(async () => {
  who = await makeActors();
  ownerToken = await tokenOf(who.owner);
});
afterAll(async () => {
  await dropActors(who);
});

describe('Add', () => {
  it('creates a template with its tags; anonymous gets 401', async () => {
    const statuses = await statusesAs(who, () => ({ handler: ADD, path: '/api/MailTemplate/Add', body: { Name: 'Ofertă toamnă', Content: design(), Tags: ['Ofertă'] } }), ['anonymous', 'owner']);
    expect(statuses).toEqual({ anonymous: 401, owner: 200 });
    const res = await addAsOwner({ Name: 'Ofertă de iarnă', Description: 'Pentru clienții noi', Tags: ['Iarnă', 'ofertă', 'Ofertă', ' Iarnă '] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Id: expect.any(Number), Name: 'Ofertă de iarnă', Description: 'Pentru clienții noi', Tags: ['Iarnă', 'ofertă'] });
    const stored = await sql<{ owner_id: number; content: string }>('SELECT owner_id, content FROM mail_template WHERE id = $1', [res.body.Id]);
    expect(stored[0].owner_id).toBe(who.owner.id);
    expect(stored[0].content).toBe(design());
  });

  it('validates title and description with the shared messages', async () => {
    const res = await addAsOwner({ Name: 'ab', Description: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(res.body.Errors).toEqual({
      Name: ['Acest câmp trebuie să fie mai mare de 3 caractere.'],
      Description: ['Acest câmp trebuie să fie mai mic de 1000 de caractere.'],
    });
  });

  it.each([
    ['not JSON', '{"format": "grapesjs-mjml", ', DESIGN_MESSAGES.notJson],
    ['JSON of another shape', JSON.stringify({ html: '<p>x</p>' }), DESIGN_MESSAGES.notJson],
    ['a script tag', design('<script>alert(1)</script>'), DESIGN_MESSAGES.unsafe],
    ['an event handler', design('<img src="x" onerror="alert(1)">'), DESIGN_MESSAGES.unsafe],
    ['a javascript: link', serializeDesign(mjml('<a href="JavaScript:alert(1)">x</a>'), {}), DESIGN_MESSAGES.unsafe],
    ['an on* attribute in the project data', serializeDesign(mjml('ok'), { attributes: { onclick: 'alert(1)' } }), DESIGN_MESSAGES.unsafe],
  ])('refuses a design that is %s (400, nothing stored)', async (_label, content, message) => {
    const name = `Refuzat ${Math.random().toString(36).slice(2, 8)}`;
    const res = await addAsOwner({ Name: name, Content: content });
    expect(res.status).toBe(400);
    expect(res.body.Errors).toEqual({ Content: [message] });
    expect(await sql('SELECT id FROM mail_template WHERE name = $1', [name])).toEqual([]);
  });

  it('refuses a design over 5 MB', async () => {
    const big = serializeDesign(mjml('x'), { blob: 'a'.repeat(5 * 1024 * 1024) });
    const res = await addAsOwner({ Name: 'Prea mare', Content: big });
    expect(res.status).toBe(400);
    expect(res.body.Errors).toEqual({ Content: [DESIGN_MESSAGES.tooLarge] });
  });

  it('refuses a body far over the limit before parsing it (413)', async () => {
    const res = await addAsOwner({ Name: 'Mult prea mare', Content: 'a'.repeat(6 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });

  it('accepts a template without a design yet', async () => {
    const res = await addAsOwner({ Name: 'Fără design', Content: '' });
    expect(res.status).toBe(200);
  });
});

describe('get, Edit, virtualDelete, getTags', () => {
  let id: number;
  beforeAll(async () => {
    id = (await addAsOwner({ Name: 'Prezentare firmă', Description: 'd', Tags: ['Prezentare'] })).body.Id;
  });

  it('get: owner 200 with the design, others as missing', async () => {
    expect(await statusesAs(who, () => ({ handler: GET_ONE, path: `/api/MailTemplate/get?id=${id}` }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const res = await callAs('owner', who, () => ({ handler: GET_ONE, path: `/api/MailTemplate/get?id=${id}` }));
    expect(res.body).toEqual({ Id: id, Name: 'Prezentare firmă', Description: 'd', Content: design(), Tags: ['Prezentare'] });
    const missing = await callAs('owner', who, () => ({ handler: GET_ONE, path: '/api/MailTemplate/get?id=2147483000' }));
    const other = await callAs('other', who, () => ({ handler: GET_ONE, path: `/api/MailTemplate/get?id=${id}` }));
    expect(other.body).toEqual(missing.body); // no difference between "not yours" and "not there"
    expect((await callAs('owner', who, () => ({ handler: GET_ONE, path: '/api/MailTemplate/get?id=abc' }))).status).toBe(400);
  });

  it('Edit: only the owner changes title, design and tags', async () => {
    const body = { Id: id, Name: 'Prezentare firmă 2', Description: '', Content: design('Salut {{NumeContact}}'), Tags: ['Nou'] };
    expect(await statusesAs(who, () => ({ handler: EDIT, method: 'PUT', path: '/api/MailTemplate/Edit', body }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const res = await callAs('owner', who, () => ({ handler: GET_ONE, path: `/api/MailTemplate/get?id=${id}` }));
    expect(res.body).toMatchObject({ Name: 'Prezentare firmă 2', Description: '', Content: design('Salut {{NumeContact}}'), Tags: ['Nou'] });
    const bad = await call(EDIT, '/api/MailTemplate/Edit', { method: 'PUT', token: ownerToken, body: { ...body, Content: design('<iframe src="https://e.ro"></iframe>') } });
    expect(bad.status).toBe(400);
    const after = await callAs('owner', who, () => ({ handler: GET_ONE, path: `/api/MailTemplate/get?id=${id}` }));
    expect(after.body.Content).toBe(design('Salut {{NumeContact}}'));
  });

  it('Edit: a design of exactly 5 MB is saved, one byte more is refused and the old design stays', async () => {
    const body = { Id: id, Name: 'Prezentare firmă 2', Description: '', Tags: ['Nou'] };
    const atLimit = designOfBytes(DESIGN_MAX_BYTES);
    expect(atLimit.length).toBe(DESIGN_MAX_BYTES);
    const ok = await call(EDIT, '/api/MailTemplate/Edit', { method: 'PUT', token: ownerToken, body: { ...body, Content: atLimit } });
    expect(ok.status).toBe(200);
    const over = await call(EDIT, '/api/MailTemplate/Edit', { method: 'PUT', token: ownerToken, body: { ...body, Content: designOfBytes(DESIGN_MAX_BYTES + 1) } });
    expect(over.status).toBe(400);
    expect(over.body.Errors).toEqual({ Content: [DESIGN_MESSAGES.tooLarge] });
    const stored = await sql<{ n: number }>('SELECT length(content) AS n FROM mail_template WHERE id = $1', [id]);
    expect(Number(stored[0].n)).toBe(DESIGN_MAX_BYTES);
    // Put the small design back for the tests below.
    expect((await call(EDIT, '/api/MailTemplate/Edit', { method: 'PUT', token: ownerToken, body: { ...body, Content: design('Salut {{NumeContact}}') } })).status).toBe(200);
  });

  it('getTags: only the tags of one\'s own live templates', async () => {
    await call(ADD, '/api/MailTemplate/Add', { body: { Name: 'Al altuia', Content: design(), Tags: ['SecretulAltuia'] }, token: await tokenOf(who.other) });
    expect((await statusesAs(who, () => ({ handler: TAGS, path: '/api/MailTemplate/getTags' }), ['anonymous'])).anonymous).toBe(401);
    const mine = await call(TAGS, '/api/MailTemplate/getTags', { token: ownerToken });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(expect.arrayContaining(['Nou', 'Iarnă', 'ofertă']));
    expect(mine.body).not.toContain('SecretulAltuia');
    expect(mine.body).not.toContain('Prezentare'); // no longer on any template
  });

  it('virtualDelete: only the owner; the row stays, hidden from every read', async () => {
    const victim = (await addAsOwner({ Name: 'De șters', Tags: ['DoarAici'] })).body.Id;
    expect(await statusesAs(who, () => ({ handler: DELETE_ONE, method: 'PUT', path: `/api/MailTemplate/virtualDelete?id=${victim}` }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 204,
    });
    expect(await sql('SELECT is_deleted FROM mail_template WHERE id = $1', [victim])).toEqual([{ is_deleted: true }]);
    expect((await call(GET_ONE, `/api/MailTemplate/get?id=${victim}`, { token: ownerToken })).status).toBe(404);
    expect((await call(DELETE_ONE, `/api/MailTemplate/virtualDelete?id=${victim}`, { method: 'PUT', token: ownerToken })).status).toBe(404);
    expect((await call(TAGS, '/api/MailTemplate/getTags', { token: ownerToken })).body).not.toContain('DoarAici');
  });
});

describe('getPagedMailTemplate', () => {
  let lister: Actors;
  let token: string;
  beforeAll(async () => {
    lister = await makeActors();
    token = await tokenOf(lister.owner);
    const add = (Name: string, Tags: string[]) => call(ADD, '/api/MailTemplate/Add', { body: { Name, Content: design(), Tags }, token });
    await add('Beta', ['Zeta']);
    await add('alfa', ['Alfa', 'Beta']);
    await add('Gama', []);
    for (let i = 0; i < 10; i++) await add(`Serie ${String(i).padStart(2, '0')}`, ['Serie']);
  });
  afterAll(() => dropActors(lister));

  it('pages the owner\'s templates only, 10 a page, by title', async () => {
    expect(await statusesAs(lister, () => ({ handler: LIST, path: '/api/MailTemplate/getPagedMailTemplate?PageNumber=1' }), ['anonymous'])).toEqual({ anonymous: 401 });
    const p1 = await call(LIST, '/api/MailTemplate/getPagedMailTemplate?OrderBy=Name&PageNumber=1', { token });
    expect(p1.status).toBe(200);
    expect(p1.body.Count).toBe(13);
    expect(p1.body.NumberOfPages).toBe(2);
    expect(p1.body.Items.map((t: { Name: string }) => t.Name).slice(0, 3)).toEqual(['alfa', 'Beta', 'Gama']);
    expect(p1.body.Items[0]).toEqual({ Id: expect.any(Number), Name: 'alfa', Description: '', Categories: ['Alfa', 'Beta'], Tags: ['Alfa', 'Beta'] });
    const other = await callAs('other', lister, () => ({ handler: LIST, path: '/api/MailTemplate/getPagedMailTemplate' }));
    expect(other.body).toEqual({ Items: [], Count: 0, NumberOfPages: 0 });
  });

  it('searches title and tags, and sorts by categories (none last)', async () => {
    const byTag = await call(LIST, '/api/MailTemplate/getPagedMailTemplate?SearchText=zeta', { token });
    expect(byTag.body.Items.map((t: { Name: string }) => t.Name)).toEqual(['Beta']);
    const cats = await call(LIST, '/api/MailTemplate/getPagedMailTemplate?OrderBy=Categories&SearchText=a', { token });
    expect(cats.body.Items.map((t: { Name: string }) => t.Name)).toEqual(['alfa', 'Beta', 'Gama']);
    const desc = await call(LIST, '/api/MailTemplate/getPagedMailTemplate?OrderBy=Categories_desc&SearchText=a', { token });
    expect(desc.body.Items.map((t: { Name: string }) => t.Name)).toEqual(['Beta', 'alfa', 'Gama']);
    expect((await call(LIST, '/api/MailTemplate/getPagedMailTemplate?OrderBy=Drop', { token })).status).toBe(400);
  });
});

describe('preview', () => {
  it('renders the design for a company, escaped and sanitised; anonymous 401', async () => {
    const [company] = await sql<{ cui: number; name: string }>('SELECT cui, name FROM company ORDER BY cui LIMIT 1');
    const body = { Content: design('Către {{NumeFirma}} ({{CUI}})'), Cui: company.cui };
    expect(await statusesAs(who, () => ({ handler: PREVIEW, path: '/api/MailTemplate/preview', body }), ['anonymous', 'owner'])).toEqual({ anonymous: 401, owner: 200 });
    const res = await call(PREVIEW, '/api/MailTemplate/preview', { body, token: ownerToken });
    expect(res.body.Text).toContain(`Către ${company.name} (${company.cui})`);
    expect(res.body.Values).toMatchObject({ CompanyName: company.name, Cui: String(company.cui) });
    const unsafe = await call(PREVIEW, '/api/MailTemplate/preview', { body: { Content: design('<script>x</script>') }, token: ownerToken });
    expect(unsafe.status).toBe(400);
    const missing = await call(PREVIEW, '/api/MailTemplate/preview', { body: { Content: design(), Cui: 1 }, token: ownerToken });
    expect(missing.status).toBe(404);
  });

  it('renders a design of exactly 5 MB and refuses one byte more (400, the size message)', async () => {
    const ok = await call(PREVIEW, '/api/MailTemplate/preview', { body: { Content: designOfBytes(DESIGN_MAX_BYTES) }, token: ownerToken });
    expect(ok.status).toBe(200);
    expect(ok.body.Text).toContain('Mare');
    const over = await call(PREVIEW, '/api/MailTemplate/preview', { body: { Content: designOfBytes(DESIGN_MAX_BYTES + 1) }, token: ownerToken });
    expect(over.status).toBe(400);
    expect(over.body.Errors).toEqual({ Content: [DESIGN_MESSAGES.tooLarge] });
  });

  it('refuses MJML past its own bound (decision 124: ~100 MB of heap per MB rendered) before rendering it', async () => {
    const long = serializeDesign(mjml('x'.repeat(MJML_MAX_CHARS)), {});
    expect(long.length).toBeLessThan(DESIGN_MAX_BYTES);
    const res = await call(PREVIEW, '/api/MailTemplate/preview', { body: { Content: long }, token: ownerToken });
    expect(res.status).toBe(400);
    expect(res.body.Errors).toEqual({ Content: [DESIGN_MESSAGES.mjmlTooLarge] });
  });
});
