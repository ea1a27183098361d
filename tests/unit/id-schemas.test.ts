// Ids are bounded where they are parsed (lib/shared/schemas.ts dbId): a number beyond a PostgreSQL
// integer never reaches the database (issue 23 "Zero 5xx").
import { companyGroupIdQuerySchema, addCommentSchema, idQuerySchema } from '@/lib/groups/schemas';
import { deleteMailCommentQuery, editMailCommentSchema } from '@/lib/sending/schemas';
import { draftSchema } from '@/lib/drafts/schemas';
import { dbId, dbIdOrNew, MAX_DB_ID } from '@/lib/shared/schemas';
import { ownValue } from '@/lib/shared/own-key';
import { parseUserContactSort, parseUserSort } from '@/lib/users/sort';
import { resolveMetric } from '@/lib/company/series';

const BEYOND = [MAX_DB_ID + 1, 99_999_999_999, 1e20, -MAX_DB_ID - 2];

test('dbId takes 1..2^31-1 from text or number, nothing beyond', () => {
  expect(dbId().parse('2147483647')).toBe(MAX_DB_ID);
  expect(dbId().parse(1)).toBe(1);
  for (const v of [...BEYOND, 0, '2147483648', '1e20']) expect(dbId().safeParse(v).success).toBe(false);
  expect(dbIdOrNew().parse(0)).toBe(0);
  expect(dbIdOrNew().safeParse(MAX_DB_ID + 1).success).toBe(false);
});

test('the schemas of the routes that answered 500 refuse ids beyond 32 bits', () => {
  for (const v of BEYOND) {
    expect(idQuerySchema.safeParse({ id: String(v) }).success).toBe(false);
    expect(deleteMailCommentQuery.safeParse({ id: String(v) }).success).toBe(false);
    expect(editMailCommentSchema.safeParse({ Id: v, Comment: 'Un comentariu' }).success).toBe(false);
    expect(addCommentSchema.safeParse({ Content: 'Un comentariu', CompanyCui: 14399840, CompanyGroupId: v }).success).toBe(false);
    expect(companyGroupIdQuerySchema.safeParse({ companyGroupId: String(v) }).success).toBe(false);
  }
  expect(addCommentSchema.safeParse({ Content: 'Un comentariu', CompanyCui: '9999999999', CompanyGroupId: 1 }).success).toBe(false);
  expect(draftSchema.safeParse({ Name: 'Campanie', Subject: 'Subiect', MailTemplateId: 1, Id: 99_999_999_999 }).success).toBe(false);
});

test('sort keys and aliases are own entries only', () => {
  const map = { Name: 'name' };
  for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
    expect(ownValue(map, key)).toBeUndefined();
    expect(parseUserSort(key)).toBeNull();
    expect(parseUserContactSort(key)).toBeNull();
    expect(resolveMetric(key)).toBeNull();
  }
  expect(ownValue(map, 'Name')).toBe('name');
  expect(parseUserContactSort('company_desc')).toEqual({ key: 'CompanyName', descending: true });
});
