// Writes docs/decisions/README.md, the index of the decision records, from the records' own
// headings, Status and Date lines (tests/unit/decision-records.test.ts checks the committed file).
// Run: npx tsx scripts/tools/gen-decisions-index.ts
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const decisionsDir = path.resolve(__dirname, '../../docs/decisions');

const HEAD = `# Decision records

Every decision, with the status its record states (decision 045: a record is superseded or amended by
a later one, not rewritten). \`tests/unit/decision-records.test.ts\` fails when a record is missing
here, when its title or status here differs from the record, when two records share a number or a
title, or when a record names as called a function the product code no longer has.

A new record: the next free number, \`NNN-short-title.md\` with a heading \`# NNN — Title\`, a
\`Status: accepted\` and a \`Date: YYYY-MM-DD\` line, then Context, Decision and Consequences; then
\`npx tsx scripts/tools/gen-decisions-index.ts\` rewrites this index.

| record | title | status | date |
|---|---|---|---|
`;

function renderRow(file: string): string {
  const text = readFileSync(path.join(decisionsDir, file), 'utf8');
  const title = (text.match(/^# .*$/m)?.[0] ?? '').replace(/^# \d{3}\s*(—|:|-)\s*/, '').trim();
  const status = text.match(/^Status: (.*)$/m)?.[1].trim() ?? '';
  const date = text.match(/^Date: (.*)$/m)?.[1].trim() ?? '';
  return `| [${file.slice(0, 3)}](${file}) | ${title} | ${status} | ${date} |`;
}

const files = readdirSync(decisionsDir).filter((f) => /^\d{3}-.+\.md$/.test(f)).sort();
writeFileSync(path.join(decisionsDir, 'README.md'), HEAD + files.map(renderRow).join('\n') + '\n');
console.log(`docs/decisions/README.md: ${files.length} records`);
