import ts from 'typescript';
const files = process.argv.slice(2);
const cfg = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram(files, cfg.options);
const tc = program.getTypeChecker();
function show(t, depth, seen) {
  if (depth > 6) return tc.typeToString(t);
  if (t.isUnion()) {
    const parts = t.types.map((x) => show(x, depth, seen));
    return [...new Set(parts)].join(' | ');
  }
  const s = tc.typeToString(t, undefined, ts.TypeFormatFlags.NoTruncation);
  if (t.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return s;
  if (s === 'Date' || s === 'Response') return s;
  if (tc.isArrayType(t)) return `Array<${show(tc.getTypeArguments(t)[0], depth + 1, seen)}>`;
  if (t.flags & ts.TypeFlags.Object) {
    const props = tc.getPropertiesOfType(t);
    if (!props.length) return s;
    const ind = '  '.repeat(depth + 1);
    return `{\n${props.map((p) => `${ind}${p.name}${p.flags & ts.SymbolFlags.Optional ? '?' : ''}: ${show(tc.getTypeOfSymbol(p), depth + 1, seen)}`).join('\n')}\n${'  '.repeat(depth)}}`;
  }
  return s;
}
for (const f of files) {
  const sf = program.getSourceFile(f);
  ts.forEachChild(sf, function v(n) {
    if (ts.isPropertyAssignment(n) && n.name.getText() === 'handler') {
      const t = tc.getTypeAtLocation(n.initializer);
      const sig = t.getCallSignatures()[0];
      let r = sig.getReturnType();
      const aw = tc.getAwaitedType(r); if (aw) r = aw;
      console.log(`== ${f}\n${show(r, 0, new Set())}`);
    }
    ts.forEachChild(n, v);
  });
}
