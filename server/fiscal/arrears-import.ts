// The one way an arrears list gets in (decision 115): a file read by the layout's parser, stored by
// importArrearsList in one transaction, then the new "listed with arrears" changes sent to
// followers. `npm run fiscal:import-arrears` and the Admin's upload (POST
// /api/Fiscal/importArrearsList) both call importArrearsFile, so the two cannot drift.
import 'server-only';
import type { Actor } from '../auth/actor';
import { AppError, badRequest } from '../kernel/errors';
import { fanOutPendingRuns } from '../watch/fanout';
import { ARREARS_TOO_BIG_MESSAGE, ARREARS_UPLOAD_MAX_BYTES, type arrearsUploadSchema } from '@/lib/fiscal/schemas';
import type { ArrearsImportDto } from '@/lib/fiscal/types';
import type { z } from 'zod';
import { importArrearsList, type ArrearsCategory } from './arrears';
import { radarFirmeArrearsParser } from './arrears-file';
import { arrearsImportRefusal, canImportArrearsList } from './policy';

/**
 * Reads `content` as the list file `fileName` and imports it. A file that cannot be read fails
 * before anything is written (the parser reads it whole first); the list is then stored in one
 * transaction, so a failure leaves the previous state. The fan-out runs after the commit: should it
 * fail, the stored changes wait for the fan-out worker, as every import's do.
 */
export async function importArrearsFile(fileName: string, content: Buffer, facts: { listDate?: string; category?: ArrearsCategory } = {}): Promise<ArrearsImportDto> {
  if (!radarFirmeArrearsParser.accepts(fileName)) throw badRequest('Lista se încarcă ca fișier CSV sau XLSX.');
  const list = await radarFirmeArrearsParser.parse(fileName, content, facts);
  const stored = await importArrearsList(list);
  const fanned = await fanOutPendingRuns();
  return {
    FileName: list.source,
    ListDate: list.listDate,
    Category: list.category,
    CompaniesInFile: new Set(list.rows.map((r) => r.cui)).size,
    AmountsRead: list.rows.length,
    CompaniesMatched: stored.companies,
    NewlyListed: stored.newlyListed,
    RunsNotified: fanned.runs.length,
  };
}

/** Strict base64 (what a browser's btoa writes): Buffer.from would skip anything else silently. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** POST /api/Fiscal/importArrearsList: an Admin's upload of one list file. */
export async function uploadArrearsList(actor: Actor | null, input: z.output<typeof arrearsUploadSchema>): Promise<ArrearsImportDto> {
  if (!canImportArrearsList(actor)) throw arrearsImportRefusal(actor);
  const b64 = input.File.Base64.replace(/\s+/g, '');
  if (b64.length % 4 !== 0 || !BASE64.test(b64)) throw badRequest('Fișierul nu a fost trimis corect (base64 invalid).');
  const content = Buffer.from(b64, 'base64');
  if (content.length > ARREARS_UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', ARREARS_TOO_BIG_MESSAGE);
  if (content.length === 0) throw badRequest('Fișierul este gol.');
  return importArrearsFile(input.File.Name, content, { listDate: input.ListDate, category: input.Category });
}
