// docs/configuration.md lists every variable of the environment schema (server/kernel/env.ts), with the
// schema's own description, and no variable the schema no longer has (CONVENTIONS "Configuration").
import { readFileSync } from 'node:fs';
import { CONFIG_DOC, listEnvVariables, renderConfigurationDoc, type EnvVariable } from '../../scripts/tools/gen-config-doc';

/** Rows of the document's main table: variable name → the row's text. */
function documentedVariables(doc: string): Map<string, string> {
  const main = doc.split(/^## /m)[0];
  return new Map([...main.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|.*$/gm)].map((m) => [m[1], m[0]]));
}

/** What is wrong with a document against the schema's variables. */
function findDocProblems(doc: string, variables: EnvVariable[]) {
  const rows = documentedVariables(doc);
  const names = new Set(variables.map((v) => v.name));
  return {
    missing: variables.filter((v) => !rows.has(v.name)).map((v) => v.name),
    unknown: [...rows.keys()].filter((name) => !names.has(name)),
    staleDescription: variables
      .filter((v) => rows.has(v.name) && !rows.get(v.name)!.includes(v.description.replaceAll('|', '\\|')))
      .map((v) => v.name),
  };
}

const variables = listEnvVariables();

test('every variable of the schema has a description', () => {
  expect(variables.length).toBeGreaterThan(50);
  expect(variables.filter((v) => v.description.trim().length < 10).map((v) => v.name)).toEqual([]);
});

test('docs/configuration.md lists exactly the variables of the schema, each with its description', () => {
  expect(findDocProblems(readFileSync(CONFIG_DOC, 'utf8'), variables)).toEqual({ missing: [], unknown: [], staleDescription: [] });
});

test('the check sees a missing variable, one the schema no longer has, and an old description', () => {
  const doc = renderConfigurationDoc(variables);
  const [first, second] = variables;
  const withoutFirst = doc.replace(new RegExp(`^\\| \`${first.name}\` \\|.*\\n`, 'm'), '');
  expect(findDocProblems(withoutFirst, variables).missing).toEqual([first.name]);
  const gone: EnvVariable = { name: 'REMOVED_SETTING', description: 'Gone.', defaultText: '–', values: [] };
  expect(findDocProblems(renderConfigurationDoc([...variables, gone]), variables).unknown).toEqual(['REMOVED_SETTING']);
  const edited = variables.map((v) => (v === second ? { ...v, description: 'Another text.' } : v));
  expect(findDocProblems(renderConfigurationDoc(edited), variables).staleDescription).toEqual([second.name]);
});
