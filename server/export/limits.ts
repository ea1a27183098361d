// Export limits (docs/decisions/055): rows per file and, per user over any 24 hours, files and rows.
// Every export reserves its allowance in export_log before the first byte and records the rows it
// wrote at the end, so two exports at once cannot both spend the same remaining rows.
import 'server-only';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { AppError } from '../kernel/errors';

export type ExportKind = 'search' | 'group' | 'contacts' | 'sending' | 'template';
/** `limit`: the rows this file may hold and what the file says when its list has more. */
export type ExportTicket = { rows: number; limit: { rows: number; notice: string }; done: (written: number) => Promise<void> };

/** The last line of a file cut at its limit (decision 064). */
function truncationNotice(rows: number, byDailyLimit: boolean): string {
  const why = byDailyLimit ? 'cât mai permitea limita zilnică de rânduri exportate' : 'limita de rânduri a unui export';
  return `Atenție: lista are mai multe rânduri, fișierul conține doar primele ${rows.toLocaleString('ro-RO')} (${why}).`;
}

const WINDOW = `now() - interval '24 hours'`;

async function exportUsage(userId: number): Promise<{ files: number; rows: number }> {
  const [r] = await sql<{ files: number; rows: number }>(
    `SELECT count(*)::int AS files, coalesce(sum(row_count), 0)::int AS rows FROM export_log WHERE user_id = $1 AND created_at > ${WINDOW}`,
    [userId],
  );
  return r;
}

/** 429 when the user's daily files or rows are spent; otherwise the rows this file may hold. */
export async function reserveExport(actor: Actor, kind: ExportKind): Promise<ExportTicket> {
  const used = await exportUsage(actor.userId);
  if (used.files >= env.EXPORT_DAILY_FILES_PER_USER) {
    throw new AppError('RATE_LIMITED', `Ați atins limita de ${env.EXPORT_DAILY_FILES_PER_USER} exporturi în 24 de ore. Încercați mai târziu.`);
  }
  const left = env.EXPORT_DAILY_ROWS_PER_USER - used.rows;
  if (left <= 0) {
    throw new AppError('RATE_LIMITED', `Ați exportat deja ${env.EXPORT_DAILY_ROWS_PER_USER.toLocaleString('ro-RO')} de rânduri în 24 de ore. Încercați mai târziu.`);
  }
  const rows = Math.min(env.EXPORT_MAX_ROWS, left);
  const [log] = await sql<{ id: number }>(`INSERT INTO export_log (user_id, kind, row_count) VALUES ($1, $2, $3) RETURNING id`, [actor.userId, kind, rows]);
  return {
    rows,
    limit: { rows, notice: truncationNotice(rows, rows < env.EXPORT_MAX_ROWS) },
    done: async (written) => {
      await sql(`UPDATE export_log SET row_count = $2 WHERE id = $1`, [log.id, written]);
    },
  };
}
