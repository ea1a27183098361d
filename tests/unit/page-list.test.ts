/** @jest-environment node */
// The page list of the e2e specs that visit every page (tests/e2e/support/page-list.ts) against
// the route table (server/auth/guard.ts): every page once, opened by the role its audience needs,
// so a page added to the app is scanned by the accessibility spec from the day it exists.
import { PAGE_AUDIENCES } from '@/server/auth/guard';
import { PAGE_LIST, type Visitor } from '../e2e/support/page-list';

const VISITOR_OF = { public: 'public', 'signed-in': 'user', admin: 'admin' } as const satisfies Record<string, Visitor>;

test('the e2e page list has every page of the route table once, with the visitor its audience needs', () => {
  expect(PAGE_AUDIENCES.length).toBeGreaterThan(40);
  const listed = PAGE_LIST.map((p) => `${p.route} ${p.visitor}`).sort();
  const table = PAGE_AUDIENCES.map((p) => `${p.path} ${VISITOR_OF[p.audience]}`).sort();
  expect(listed).toEqual(table);
});
