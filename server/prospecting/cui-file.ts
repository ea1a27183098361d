// An uploaded CUI list as lines: an XLSX's first sheet (each row's cells joined by `;`), or a CSV /
// plain text file, read by the bounded upload reader (server/uploads/bounded-sheet.ts,
// docs/decisions/087): at most CUI_LIST_MAX_LINES non-empty lines, anything past a size, time or
// complexity limit refused with a Romanian 400/413.
import 'server-only';
import { env } from '../kernel/env';
import { readUploadedLines, type UploadedLines } from '../uploads/bounded-sheet';

export async function readCuiListFile(name: string, bytes: Uint8Array): Promise<UploadedLines> {
  return readUploadedLines(name, bytes, { maxLines: env.CUI_LIST_MAX_LINES });
}
