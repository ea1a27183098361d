// Emits a zod expression of each route handler's answer type (JSON as sent).
import ts from 'typescript';
import fs from 'node:fs';
const [listFile, outFile] = process.argv.slice(2);
const jobs = JSON.parse(fs.readFileSync(listFile, 'utf8')); // [{file, key, depth}]
const cfg = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram([...new Set(jobs.map((j) => j.file))], cfg.options);
const tc = program.getTypeChecker();
const F = ts.TypeFlags;
let nonJson = false;
function z(t, depth, max) {
  if (t.flags & (F.Any | F.Unknown)) return 'z.unknown()';
  if (t.isUnion()) {
    let types = t.types;
    const nullable = types.some((x) => x.flags & F.Null);
    const optional = types.some((x) => x.flags & (F.Undefined | F.Void));
    types = types.filter((x) => !(x.flags & (F.Null | F.Undefined | F.Void)));
    const isResp = (x) => tc.typeToString(x) === 'Response';
    if (types.some(isResp)) { nonJson = true; types = types.filter((x) => !isResp(x)); }
    let inner;
    const bools = types.filter((x) => x.flags & F.BooleanLiteral);
    if (bools.length === 2) types = [...types.filter((x) => !(x.flags & F.BooleanLiteral)), 'BOOL'];
    if (!types.length) inner = 'z.undefined()';
    else if (types.every((x) => x !== 'BOOL' && x.flags & F.StringLiteral)) inner = `z.enum([${types.map((x) => JSON.stringify(x.value)).join(', ')}])`;
    else {
      const parts = [...new Set(types.map((x) => (x === 'BOOL' ? 'z.boolean()' : z(x, depth, max))))];
      inner = parts.length === 1 ? parts[0] : `z.union([${parts.join(', ')}])`;
    }
    if (nullable) inner += '.nullable()';
    if (optional) inner += '.optional()';
    return inner;
  }
  if (t.flags & (F.Undefined | F.Void)) return 'z.undefined()';
  if (t.flags & F.Null) return 'z.null()';
  if (t.flags & F.StringLiteral) return `z.literal(${JSON.stringify(t.value)})`;
  if (t.flags & F.NumberLiteral) return `z.literal(${t.value})`;
  if (t.flags & F.BooleanLiteral) return `z.literal(${tc.typeToString(t)})`;
  if (t.flags & F.StringLike) return 'z.string()';
  if (t.flags & F.NumberLike) return 'z.number()';
  if (t.flags & F.BooleanLike) return 'z.boolean()';
  if (t.flags & F.BigIntLike) return 'z.union([z.string(), z.number()])';
  const s = tc.typeToString(t);
  if (s === 'Response') { nonJson = true; return 'z.unknown()'; }
  if (s === 'Date') return 'z.string()';
  if (tc.isArrayType(t) || tc.isTupleType(t)) {
    if (depth >= max) return 'z.array(z.unknown())';
    const el = tc.isTupleType(t) ? 'z.unknown()' : z(tc.getTypeArguments(t)[0], depth + 1, max);
    return `z.array(${el})`;
  }
  if (t.flags & (F.Object | F.Intersection)) {
    const idx = tc.getIndexInfosOfType(t);
    const props = tc.getPropertiesOfType(t).filter((p) => {
      const pt = tc.getTypeOfSymbol(p);
      return !pt.getCallSignatures().length;
    });
    if (!props.length && idx.length) return depth >= max ? 'z.record(z.string(), z.unknown())' : `z.record(z.string(), ${z(idx[0].type, depth + 1, max)})`;
    if (depth >= max) return 'z.looseObject({})';
    const fields = props.map((p) => {
      let pt = tc.getTypeOfSymbol(p);
      let e = z(pt, depth + 1, max);
      if (p.flags & ts.SymbolFlags.Optional && !e.endsWith('.optional()')) e += '.optional()';
      const name = /^[A-Za-z_$][\w$]*$/.test(p.name) ? p.name : JSON.stringify(p.name);
      return `${name}: ${e}`;
    });
    return `z.object({ ${fields.join(', ')} })`;
  }
  return 'z.unknown()';
}
const out = {};
for (const job of jobs) {
  const sf = program.getSourceFile(job.file);
  ts.forEachChild(sf, function v(n) {
    if (ts.isCallExpression(n) && n.expression.getText() === 'apiRoute' && n.arguments[0].text === job.key) {
      let hp = null;
      const arg = n.arguments[1];
      const t0 = tc.getTypeAtLocation(arg);
      const h = tc.getPropertyOfType(t0, 'handler');
      const ht = tc.getTypeOfSymbol(h);
      let r = ht.getCallSignatures()[0].getReturnType();
      r = tc.getAwaitedType(r) ?? r;
      nonJson = false;
      const expr = z(r, 0, job.depth);
      out[job.key] = { expr, nonJson };
    }
    ts.forEachChild(n, v);
  });
}
fs.writeFileSync(outFile, JSON.stringify(out, null, 1));
