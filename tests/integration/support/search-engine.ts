// The search engine for one test file: enabled and built before its first test, stopped and back
// to the environment's setting after its last. And what the engine sees of a company.
import { engineView, setSearchEngineEnabled, stopSearchEngine, waitForEngine } from '@/server/search/engine';
import { searchOnEngine } from '@/server/search/engine-search';

export function withSearchEngine(): void {
  beforeAll(async () => {
    setSearchEngineEnabled(true);
    expect(await waitForEngine()).toBe(true);
  });
  afterAll(async () => {
    await stopSearchEngine();
    setSearchEngineEnabled(null);
  });
}

/**
 * Whether the engine, as it stands (no sync first), finds the company with exactly this many
 * employees: the index for a company unchanged since its build, PostgreSQL for a changed one.
 */
export async function engineSees(cui: number, employees: number): Promise<boolean> {
  const view = await engineView();
  if (!view) throw new Error('the search engine is not built');
  const found = await searchOnEngine(view, { SearchText: String(cui), MinEmployees: employees, MaxEmployees: employees }, {}, { offset: 0, limit: 1000 });
  return found.cuis.includes(cui);
}
