import ts from 'typescript';
import fs from 'node:fs';
import { execSync } from 'node:child_process';

const DEV = new Set(`GET /api/Company/getCompanies
GET /api/Company/getCompanyFacets
GET /api/Company/getCompanyStatuses
GET /api/CAEN/getCAENsForFilter
GET /api/CAEN/getTopCaens
GET /api/Location/getCounties
GET /api/Location/getPrefectures
GET /api/Location/getTopCounties
POST /api/Company/getAcqusitions
GET /api/Company/getEuropeanProjects
GET /api/Company/getCompanyRanking
GET /api/Company/getInsolvencyRanking
GET /api/Company/getInsolvencyRiskForGraph/[cui]
GET /api/Company/getDetailsForGraphs/[cui]
GET /api/Company/getDetailsForGraph/[cui]
GET /api/Company/getInsolvencyByYear/[cui]
GET /api/Company/getDetailsByYear/[cui]
GET /api/Company/getDetails/[cui]
GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]
GET /api/Group/getGroups
GET /api/Group/get
GET /api/Group/getCompanyGroups
GET /api/Group/getGroupsForCompany`.split('\n'));

const DOMAIN = {
  Company: 'company', CAEN: 'company', Location: 'company',
  Auth: 'auth', Account: 'auth', api: 'auth',
  Contact: 'contacts', SocialMedia: 'contacts',
  Group: 'groups', CompanyComment: 'groups',
  Watch: 'watch', Notification: 'watch',
  MailSend: 'mail', MailTemplate: 'mail', Email: 'mail',
  User: 'admin', Role: 'admin', Audit: 'admin', Privacy: 'admin',
  Export: 'prospecting', SavedSearch: 'prospecting',
  health: 'ops', track: 'ops', cron: 'ops', inbound: 'ops', webhooks: 'ops', metrics: 'ops', nextauth: 'ops',
};
const summaries = new Map(fs.readFileSync('/tmp/i29/summaries.txt', 'utf8').trim().split('\n').map((l) => l.split('|')));

// access.ts: order, access and comments
const accSrc = fs.readFileSync('server/http/access.ts', 'utf8');
const accSf = ts.createSourceFile('a.ts', accSrc, ts.ScriptTarget.Latest, true);
const entries = [];
ts.forEachChild(accSf, function v(n) {
  if (ts.isPropertyAssignment(n) && ts.isStringLiteral(n.name) && n.name.text.includes(' /api/')) {
    const ranges = ts.getLeadingCommentRanges(accSrc, n.getFullStart()) ?? [];
    const comments = ranges.map((r) => accSrc.slice(r.pos, r.end)).filter((c) => !c.includes('──'));
    entries.push({ key: n.name.text, access: n.initializer.text, comments, props: {}, imports: new Map() });
  }
  ts.forEachChild(n, v);
});
const byKey = new Map(entries.map((e) => [e.key, e]));

// route files
const files = execSync('find app/api -name route.ts').toString().trim().split('\n');
for (const f of files) {
  const src = fs.readFileSync(f, 'utf8');
  const sf = ts.createSourceFile(f, src, ts.ScriptTarget.Latest, true);
  const imports = new Map();
  for (const st of sf.statements) if (ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings)) for (const el of st.importClause.namedBindings.elements) imports.set(el.name.text, st.moduleSpecifier.text);
  const cuts = [];
  ts.forEachChild(sf, function v(n) {
    if (ts.isCallExpression(n) && n.expression.getText() === 'apiRoute' && n.arguments[1] && ts.isObjectLiteralExpression(n.arguments[1])) {
      const e = byKey.get(n.arguments[0].text);
      if (!e) throw new Error('no access ' + n.arguments[0].text);
      for (const p of n.arguments[1].properties) {
        const name = p.name?.getText();
        if (!['query', 'body', 'params'].includes(name)) continue;
        const text = p.initializer.getText();
        e.props[name] = text;
        for (const id of text.match(/[A-Za-z_$][\w$]*/g)) if (imports.has(id)) e.imports.set(id, imports.get(id));
        // cut the property with its trailing comma and whitespace/newline
        let end = p.getEnd();
        while (/[ ,]/.test(src[end])) end++;
        if (src[end] === '\n') end++;
        let start = p.getStart();
        if (src[end - 1] === '\n') { while (start > 0 && src[start - 1] === ' ') start--; }
        cuts.push([start, end]);
      }
    }
    ts.forEachChild(n, v);
  });
  if (!cuts.length) continue;
  let out = src;
  for (const [s, e] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + out.slice(e);
  // drop imports no longer used
  const sf2 = ts.createSourceFile(f, out, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const st of sf2.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause?.namedBindings || !ts.isNamedImports(st.importClause.namedBindings)) continue;
    const rest = out.slice(0, st.getFullStart()) + out.slice(st.getEnd());
    const keep = st.importClause.namedBindings.elements.filter((el) => new RegExp(`\\b${el.name.text}\\b`).test(rest));
    if (keep.length === st.importClause.namedBindings.elements.length) continue;
    let end = st.getEnd(); if (out[end] === '\n') end++;
    const repl = keep.length ? `import ${st.importClause.isTypeOnly ? 'type ' : ''}{ ${keep.map((k) => k.getText()).join(', ')} } from '${st.moduleSpecifier.text}';\n` : '';
    edits.push([st.getStart(), end, repl]);
  }
  for (const [s, e, r] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + r + out.slice(e);
  fs.writeFileSync(f, out);
}

// contract files
const groups = new Map();
for (const e of entries) {
  const ctrl = e.key.split(' ')[1].split('/')[2];
  const d = DOMAIN[ctrl];
  if (!d) throw new Error('no domain ' + ctrl);
  if (!groups.has(d)) groups.set(d, []);
  groups.get(d).push(e);
}
const TITLE = { company: 'firme, căutare, CAEN, localități', auth: 'autentificare și cont', contacts: 'contacte și rețele sociale', groups: 'grupuri de firme și comentarii', watch: 'urmăriri și notificări', mail: 'șabloane, ciorne, campanii', admin: 'administrare și confidențialitate', prospecting: 'exporturi și căutări salvate', ops: 'operare: sănătate, urmărire, joburi, webhookuri' };
for (const [d, list] of groups) {
  const imps = new Map();
  for (const e of list) for (const [id, mod] of e.imports) { if (!imps.has(mod)) imps.set(mod, new Set()); imps.get(mod).add(id); }
  let s = `// The contract of the ${d} endpoints (${TITLE[d]}): access, input schemas, answer and summary.\n`;
  s += `import { endpoints } from './types';\nimport { unknownAnswer } from './answers';\n`;
  for (const [mod, ids] of [...imps].sort()) s += `import { ${[...ids].sort().join(', ')} } from '${mod}';\n`;
  s += `\nexport const ${d}Contract = endpoints({\n`;
  for (const e of list) {
    for (const c of e.comments) s += `  ${c}\n`;
    s += `  '${e.key}': {\n    access: '${e.access}',\n`;
    if (DEV.has(e.key)) s += `    developer: true,\n`;
    s += `    summary: '${summaries.get(e.key) ?? 'TODO'}',\n`;
    for (const k of ['params', 'query', 'body']) if (e.props[k]) s += `    ${k}: ${e.props[k]},\n`;
    s += `    answer: unknownAnswer,\n  },\n`;
  }
  s += `});\n`;
  fs.mkdirSync('lib/api/contract', { recursive: true });
  fs.writeFileSync(`lib/api/contract/${d}.ts`, s);
}
console.log([...groups.keys()].join(' '), entries.length);
