// The hint beside the fiscal and risk filters (decision 107), read at most once a minute.
import 'server-only';
import type { FactFilterInfo } from '@/lib/search/types';
import { sql } from '../kernel/db';

const KEEP_MS = 60_000;
let kept: { at: number; value: Promise<FactFilterInfo> } | null = null;

async function readFactFilterInfo(): Promise<FactFilterInfo> {
  const [row] = await sql<{ checked: number; list_date: string | null }>(
    `SELECT (SELECT count(*)::int FROM fiscal_check WHERE checked_at IS NOT NULL AND found) AS checked,
            (SELECT to_char(max(list_date), 'YYYY-MM-DD') FROM tax_arrears_list l WHERE EXISTS (SELECT 1 FROM tax_arrears t WHERE t.list_id = l.id)) AS list_date`,
  );
  return { CheckedCompanies: row?.checked ?? 0, ArrearsListDate: row?.list_date ?? null };
}

export function findFactFilterInfo(): Promise<FactFilterInfo> {
  const now = Date.now();
  if (!kept || now - kept.at > KEEP_MS) {
    const value = readFactFilterInfo();
    kept = { at: now, value };
    // A failed read is not kept: the next page asks again.
    value.catch(() => {
      if (kept?.value === value) kept = null;
    });
  }
  return kept.value;
}
