// Issue 23 "Zero 5xx": the requests that answered 500 in the 10,000-request fuzz, replayed as a
// User and as an Admin: ids beyond 32 bits, an inherited object key taken for a sort column.
import { PUT as virtualDeleteGroupMember } from '@/app/api/Group/virtualDeleteGroupMember/[id]/route';
import { PUT as virtualDeleteComment } from '@/app/api/MailSend/virtualDeleteComment/route';
import { PUT as editComment } from '@/app/api/MailSend/editComment/route';
import { POST as addCompanyComment } from '@/app/api/CompanyComment/add/route';
import { GET as getCommentsByCompanyGroupId } from '@/app/api/CompanyComment/getCommentsByCompanyGroupId/route';
import { GET as getUserContacts } from '@/app/api/Contact/getUserContacts/route';
import { call, createUser, deleteUsers, isolateMail, type TestUser } from './support/auth';
import { tokenOf } from './support/authz';

type Handler = Parameters<typeof call>[0];
const BIG = ['99999999999', '2147483648', '-2147483649', '1e20', '9007199254740993'];
const PROTO_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'constructor_desc', '__proto___desc'];

let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  isolateMail();
  [user, admin] = await Promise.all([createUser(), createUser({ role: 'Admin' })]);
});
afterAll(() => deleteUsers(user, admin));

function cases(id: string): Array<{ name: string; handler: Handler; path: string; method: string; body?: unknown; params?: Record<string, string> }> {
  return [
    { name: 'virtualDeleteGroupMember', handler: virtualDeleteGroupMember, path: `/api/Group/virtualDeleteGroupMember/${id}`, method: 'PUT', params: { id } },
    { name: 'virtualDeleteComment', handler: virtualDeleteComment, path: `/api/MailSend/virtualDeleteComment?id=${id}`, method: 'PUT' },
    { name: 'editComment', handler: editComment, path: '/api/MailSend/editComment', method: 'PUT', body: { Id: Number(id), Comment: 'Un comentariu' } },
    { name: 'editComment (text id)', handler: editComment, path: '/api/MailSend/editComment', method: 'PUT', body: { Id: id, Comment: 'Un comentariu' } },
    { name: 'CompanyComment/add', handler: addCompanyComment, path: '/api/CompanyComment/add', method: 'POST', body: { CompanyGroupId: Number(id), Comment: 'Un comentariu' } },
    { name: 'getCommentsByCompanyGroupId', handler: getCommentsByCompanyGroupId, path: `/api/CompanyComment/getCommentsByCompanyGroupId?companyGroupId=${id}`, method: 'GET' },
  ];
}

test.each(['user', 'admin'] as const)('ids beyond the 32-bit range answer a JSON 400 or 404, as %s', async (who) => {
  const token = await tokenOf(who === 'user' ? user : admin);
  const answers: string[] = [];
  for (const id of BIG) {
    for (const c of cases(id)) {
      const res = await call(c.handler, c.path, { method: c.method, token, params: c.params, ...(c.body === undefined ? {} : { body: c.body }) });
      answers.push(`${c.name} ${id} → ${res.status} ${typeof res.body?.Message === 'string' ? 'json' : 'no-json'}`);
    }
  }
  expect(answers.filter((a) => !/ → (400|404) json$/.test(a))).toEqual([]);
});

test('an inherited object key as OrderBy is an unknown sort key (a JSON 400), as an Admin; a User is refused', async () => {
  const [userToken, adminToken] = await Promise.all([tokenOf(user), tokenOf(admin)]);
  for (const key of PROTO_KEYS) {
    const path = `/api/Contact/getUserContacts?OrderBy=${encodeURIComponent(key)}&SearchText=%25_%25&UserId=${user.id}`;
    const asAdmin = await call(getUserContacts, path, { token: adminToken });
    expect([key, asAdmin.status]).toEqual([key, 400]);
    expect(typeof asAdmin.body.Message).toBe('string');
    expect([key, (await call(getUserContacts, path, { token: userToken })).status]).toEqual([key, 403]);
  }
  const plain = await call(getUserContacts, `/api/Contact/getUserContacts?OrderBy=Email_desc&UserId=${user.id}`, { token: adminToken });
  expect(plain.status).toBe(200);
});
