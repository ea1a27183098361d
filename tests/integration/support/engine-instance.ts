// One app instance's search engine in a process of its own (the import-reaches-every-instance
// test runs two): loads, polls, and prints one JSON line every 100 ms with its status and the
// employees its copy holds for the company given as argument.
// Run: tsx --conditions=react-server tests/integration/support/engine-instance.ts <cui>
import { engineQuery, engineStatus, setSearchEngineEnabled, waitForEngine } from '@/server/search/engine';

async function main() {
  const cui = Number(process.argv[2]);
  setSearchEngineEnabled(true);
  if (!(await waitForEngine())) throw new Error('engine did not load');
  for (;;) {
    const status = await engineStatus();
    const [row] = await engineQuery<{ employees: number }>('SELECT employees FROM company WHERE cui = $1', [cui]);
    process.stdout.write(`${JSON.stringify({ employees: row ? Number(row.employees) : null, loads: status.loads, ready: status.ready })}\n`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
