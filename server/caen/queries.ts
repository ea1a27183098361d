// The CAEN Rev.2 catalogue (the codes companies are registered with) with its Rev.3 correspondence,
// and the companies of one class. The catalogue is reference data (about 1,000 rows) that changes
// only on import: it is read once per process and kept in memory.
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { notFound } from '../kernel/errors';
import { padCaenCode } from '@/lib/slug';
import type { CaenClassInfo, CaenLevel, CaenNode, Rev3Ref } from '@/lib/caen/types';

type CaenRow = { code: string; level: CaenLevel; name: string; parent_code: string | null; section: string };

type CaenCatalogue = {
  tree: CaenNode[];
  byCode: Map<string, CaenRow>;
  rev3: Map<string, Rev3Ref[]>;
};

const TTL_MS = 10 * 60_000;
let cached: { at: number; value: Promise<CaenCatalogue> } | null = null;

async function loadCatalogue(): Promise<CaenCatalogue> {
  const [rows, corr] = await Promise.all([
    sql<CaenRow>(`SELECT code, level, name, parent_code, section FROM caen WHERE revision = 2 ORDER BY code`),
    sql<{ rev2_code: string; rev3_code: string; name: string | null }>(
      `SELECT cc.rev2_code, cc.rev3_code, k.name FROM caen_correspondence cc
         LEFT JOIN caen k ON k.revision = 3 AND k.code = cc.rev3_code ORDER BY cc.rev2_code, cc.rev3_code`,
    ),
  ]);
  const rev3 = new Map<string, Rev3Ref[]>();
  for (const c of corr) {
    const list = rev3.get(c.rev2_code) ?? [];
    list.push({ Code: c.rev3_code, Name: c.name ?? '' });
    rev3.set(c.rev2_code, list);
  }
  const byCode = new Map<string, CaenRow>();
  const nodes = new Map<string, CaenNode>();
  const tree: CaenNode[] = [];
  // Sections sort by letter, the others by code; sections first so parents exist before children.
  const ordered = [...rows].sort((a, b) => (a.level === 'section' ? 0 : 1) - (b.level === 'section' ? 0 : 1) || a.code.localeCompare(b.code));
  for (const r of ordered) {
    byCode.set(r.code, r);
    const node: CaenNode = { Code: r.code, Name: r.name, Level: r.level, Children: [] };
    if (r.level === 'class') node.Rev3 = rev3.get(r.code) ?? [];
    nodes.set(r.code, node);
    const parent = r.parent_code ? nodes.get(r.parent_code) : undefined;
    if (parent) parent.Children.push(node);
    else if (r.level === 'section') tree.push(node);
  }
  return { tree, byCode, rev3 };
}

export function getCaenCatalogue(): Promise<CaenCatalogue> {
  if (!cached || Date.now() - cached.at > TTL_MS) {
    const value = loadCatalogue();
    cached = { at: Date.now(), value };
    value.catch(() => {
      cached = null;
    });
  }
  return cached.value;
}

/** The class, its section, division and group, and its Rev.3 correspondence; 404 when unknown. */
export async function getCaenClass(code: string): Promise<CaenClassInfo> {
  const cat = await getCaenCatalogue();
  const c = cat.byCode.get(padCaenCode(code));
  if (!c || c.level !== 'class') throw notFound('Codul CAEN nu există.');
  const group = cat.byCode.get(c.parent_code ?? '');
  const division = cat.byCode.get(group?.parent_code ?? '');
  const section = cat.byCode.get(c.section);
  return {
    Code: c.code,
    Name: c.name,
    Section: { Code: c.section, Name: section?.name ?? '' },
    Division: { Code: division?.code ?? '', Name: division?.name ?? '' },
    Group: { Code: group?.code ?? '', Name: group?.name ?? '' },
    Rev3: cat.rev3.get(c.code) ?? [],
  };
}

/** Every class code (for the sitemap). */
export async function listCaenClassCodes(): Promise<string[]> {
  const cat = await getCaenCatalogue();
  return [...cat.byCode.values()].filter((r) => r.level === 'class').map((r) => r.code).sort();
}
