// Companies the risk and comparison specs open: found through the public search API.
import { expect, type APIRequestContext } from '@playwright/test';

type Card = { Cui: number; Name: string };

/** Three companies with a turnover, the largest first (they have statements, hence scores). */
export async function findScoredCompanies(request: APIRequestContext): Promise<Card[]> {
  const res = await request.get('/api/Company/getCompanies?OrderBy=Turnover_desc&PageNumber=1&PageSize=21&MinTurnover=100000');
  expect(res.ok()).toBe(true);
  const items = ((await res.json()) as { Items: Card[] }).Items;
  expect(items.length).toBeGreaterThanOrEqual(3);
  return items.slice(0, 3);
}
