// The contract of the fiscal-check endpoints (issue 48, decision 098): the stored ANAF check of a
// company, "Verifică acum", bulk checks with their XLSX report, and the background job.
import { z } from 'zod';
import { endpoints } from './types';
import { unknownAnswer } from './answers';
import { companiesQuerySchema } from '@/lib/search/schemas';
import { arrearsUploadSchema, bulkCheckIdSchema, bulkCheckSchema, checkNowSchema, courtLookupSchema, fiscalCheckQuerySchema } from '@/lib/fiscal/schemas';

const day = z.string().nullable();
const fiscalCheckAnswer = z.object({
  Cui: z.number().int(),
  CheckedAt: z.string().nullable(),
  Found: z.boolean().nullable(),
  VatPayer: z.boolean().nullable(),
  VatSince: day,
  VatEndedOn: day,
  VatOnCash: z.boolean().nullable(),
  VatOnCashSince: day,
  SplitVat: z.boolean().nullable(),
  SplitVatSince: day,
  Inactive: z.boolean().nullable(),
  InactiveSince: day,
  ReactivatedOn: day,
  EFactura: z.boolean().nullable(),
  EFacturaSince: day,
  ErrorAt: z.string().nullable(),
  Error: z.string().nullable(),
  IsStale: z.boolean(),
});

const bulkJobAnswer = z.object({
  Id: z.number().int(),
  Source: z.enum(['group', 'list', 'search']),
  Label: z.string(),
  Status: z.enum(['queued', 'running', 'done', 'failed']),
  Total: z.number().int(),
  Done: z.number().int(),
  Failed: z.number().int(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});

const courtCasesAnswer = z.object({
  CheckedAt: z.string().nullable(),
  Error: z.string().nullable(),
  Cases: z.array(
    z.object({
      Number: z.string(),
      Court: z.string(),
      CaseDate: day,
      Object: z.string(),
      Stage: z.string(),
      Role: z.string(),
      Match: z.enum(['cui', 'name']),
      NextHearing: day,
      IsInsolvency: z.boolean(),
    }),
  ),
});

const cronAnswer = z.object({ Calls: z.number().int(), Checked: z.number().int(), Failed: z.number().int(), Queued: z.number().int(), BulkChecked: z.number().int(), CourtLookups: z.number().int() });

export const fiscalContract = endpoints({
  'GET /api/Fiscal/getFiscalCheck': {
    developer: 'read',
    access: 'public',
    summary: 'Ultima verificare ANAF a unei firme (TVA, TVA la încasare, TVA defalcat, inactiv, e-Factura); null dacă nu a fost verificată',
    query: fiscalCheckQuerySchema,
    answer: fiscalCheckAnswer.nullable(),
  },
  'POST /api/Fiscal/checkNow': {
    access: 'user',
    summary: 'Verifică acum firma la ANAF (limitat pe utilizator)',
    body: checkNowSchema,
    answer: z.object({ Message: z.string(), Check: fiscalCheckAnswer }),
  },
  'POST /api/Fiscal/lookUpCourtCases': {
    access: 'user',
    summary: 'Caută acum dosarele firmei pe portalul instanțelor (limitat pe utilizator); fiecare dosar spune dacă a fost potrivit după CUI sau doar după denumire',
    body: courtLookupSchema,
    answer: z.object({ Message: z.string(), Courts: courtCasesAnswer }),
  },
  'POST /api/Fiscal/createBulkCheck': {
    developer: 'write',
    access: 'user',
    summary: 'Pornește o verificare ANAF în masă: o listă de CUI-uri sau un grup',
    body: bulkCheckSchema,
    answer: bulkJobAnswer,
  },
  'POST /api/Fiscal/createBulkCheckFromSearch': {
    developer: 'write',
    access: 'user',
    summary: 'Pornește o verificare ANAF în masă a rezultatelor unei căutări (filtrele în query)',
    query: companiesQuerySchema,
    answer: bulkJobAnswer,
  },
  'GET /api/Fiscal/getBulkCheck': {
    developer: 'read',
    access: 'user',
    summary: 'Progresul unei verificări în masă',
    query: bulkCheckIdSchema,
    answer: bulkJobAnswer,
  },
  'GET /api/Fiscal/getBulkChecks': {
    access: 'user',
    summary: 'Ultimele verificări în masă ale utilizatorului',
    answer: z.array(bulkJobAnswer),
  },
  'GET /api/Fiscal/getBulkCheckReport': {
    developer: 'read',
    access: 'user',
    summary: 'Raportul XLSX al unei verificări în masă',
    query: bulkCheckIdSchema,
    answer: unknownAnswer,
    answerType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'POST /api/Fiscal/importArrearsList': {
    access: 'admin',
    summary: 'Importă o listă ANAF a debitorilor cu obligații restante (CSV sau XLSX, cel mult 10 MB); firmele nou listate devin evenimente de monitorizare',
    body: arrearsUploadSchema,
    answer: z.object({
      FileName: z.string(),
      ListDate: z.string(),
      Category: z.enum(['mari', 'mijlocii', 'mici', 'alte']),
      CompaniesInFile: z.number().int(),
      AmountsRead: z.number().int(),
      CompaniesMatched: z.number().int(),
      NewlyListed: z.number().int(),
      RunsNotified: z.number().int(),
    }),
  },
  'POST /api/cron/fiscal-checks': {
    access: 'cron',
    summary: 'Job programat: verificările ANAF cerute de pagini și de firmele urmărite, dosarele firmelor urmărite, apoi verificările în masă',
    answer: cronAnswer,
  },
  'GET /api/cron/fiscal-checks': {
    access: 'cron',
    summary: 'Job programat: verificările ANAF cerute de pagini și de firmele urmărite, dosarele firmelor urmărite, apoi verificările în masă',
    answer: cronAnswer,
  },
});
