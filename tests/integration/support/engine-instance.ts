// One app instance's search engine in a process of its own (the import-reaches-every-instance
// test runs two): builds, polls, and prints one JSON line every 100 ms with its status and the
// employees its engine sees for the company given as argument (of the figures given after it).
// Run: tsx --conditions=react-server tests/integration/support/engine-instance.ts <cui> <employees>...
import { engineStatus, setSearchEngineEnabled, waitForEngine } from '@/server/search/engine';
import { engineSees } from './search-engine';

async function main() {
  const [cui, ...figures] = process.argv.slice(2).map(Number);
  setSearchEngineEnabled(true);
  if (!(await waitForEngine())) throw new Error('engine did not load');
  for (;;) {
    const status = await engineStatus();
    let employees: number | null = null;
    for (const e of figures) if (await engineSees(cui, e)) employees = e;
    process.stdout.write(`${JSON.stringify({ employees, loads: status.loads, ready: status.ready })}\n`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
