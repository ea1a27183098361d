// `npm install` on this registry mirror writes a lockfile that `npm ci` rejects: the macOS/Windows
// builds of some optional native packages (@next/swc-*, @unrs/resolver-binding-*, …) are missing
// from the registry, so they are missing from the lock. Add an entry (version, os, cpu, optional)
// for every missing optional dependency; npm skips them on other platforms. Run after every
// lockfile rebuild: npm run lockfile:repair
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd', 'wasm32'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

function guess(name, list) {
  const parts = name.split('/').pop().split('-');
  return list.find((v) => parts.includes(v) || (v === 'arm' && parts.some((p) => p.startsWith('arm') && p !== 'arm64')));
}

let added = 0;
for (const [loc, meta] of Object.entries(pkgs)) {
  if (!meta.optionalDependencies) continue;
  const base = loc === '' ? '' : `${loc}/`;
  for (const [dep, range] of Object.entries(meta.optionalDependencies)) {
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => pkgs[c])) continue;
    const os = guess(dep, OS);
    const cpu = guess(dep, CPU);
    if (!os && !cpu) continue; // not a platform build: leave it to npm
    pkgs[`node_modules/${dep}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      optional: true,
      ...(os && os !== 'wasm32' ? { os: [os] } : {}),
      ...(cpu && cpu !== 'wasm32' ? { cpu: [cpu] } : {}),
    };
    added++;
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} optional platform entries added`);
