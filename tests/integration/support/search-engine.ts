// The search engine for one test file: enabled and loaded before its first test, stopped and
// back to the environment's setting after its last.
import { setSearchEngineEnabled, stopSearchEngine, waitForEngine } from '@/server/search/engine';

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
