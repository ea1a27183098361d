// ANAF's VAT-payer service, version 9 (PlatitorTvaRest/v9/tva): the request is a JSON array of
// {cui, data} (at most 100), the answer {cod, message, found: [...], notFound: [...]} where each
// found entry holds date_generale (with statusRO_e_Factura and data_inreg_Reg_RO_e_Factura),
// inregistrare_scop_Tva {scpTVA, perioade_TVA[]}, inregistrare_RTVAI (VAT on cash), stare_inactiv
// and inregistrare_SplitTVA. Dates come as "YYYY-MM-DD", or "" / " " when there is none. Every
// section is read leniently (ANAF leaves sections out for some taxpayers); a field with an
// unexpected type counts as absent, never as a yes.
import 'server-only';
import { z } from 'zod';

export type VatStatus = {
  cui: number;
  vatPayer: boolean;
  vatSince: string | null;
  vatEndedOn: string | null;
  vatOnCash: boolean;
  vatOnCashSince: string | null;
  splitVat: boolean;
  splitVatSince: string | null;
  inactive: boolean;
  inactiveSince: string | null;
  reactivatedOn: string | null;
  eFactura: boolean;
  eFacturaSince: string | null;
  name: string | null;
  address: string | null;
};

export type VatAnswer = { found: VatStatus[]; notFound: number[] };

const flag = z.unknown().optional().transform((v) => v === true || v === 'true');
const text = z.unknown().optional().transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null));
const section = <T extends z.ZodRawShape>(shape: T) => z.object(shape).loose().nullish().catch(null);

const periodSchema = z
  .object({ data_inceput_ScpTVA: text, data_sfarsit_ScpTVA: text, data_anul_imp_ScpTVA: text })
  .loose();

const foundSchema = z
  .object({
    date_generale: z
      .object({
        cui: z.union([z.number(), z.string()]),
        denumire: text,
        adresa: text,
        statusRO_e_Factura: flag,
        data_inreg_Reg_RO_e_Factura: text,
      })
      .loose(),
    inregistrare_scop_Tva: section({ scpTVA: flag, perioade_TVA: z.array(periodSchema).nullish().catch(null) }),
    inregistrare_RTVAI: section({ statusTvaIncasare: flag, dataInceputTvaInc: text }),
    stare_inactiv: section({ statusInactivi: flag, dataInactivare: text, dataReactivare: text }),
    inregistrare_SplitTVA: section({ statusSplitTVA: flag, dataInceputSplitTVA: text }),
  })
  .loose();

const answerSchema = z
  .object({
    cod: z.number(),
    message: z.string().nullish(),
    found: z.array(z.unknown()).nullish(),
    notFound: z.array(z.union([z.number(), z.string()])).nullish(),
  })
  .loose();

/** A date as ANAF writes it, or null ("", " ", anything not YYYY-MM-DD). */
export function anafDate(v: string | null | undefined): string | null {
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

/** The answer is not what the contract says (maintenance page, changed format): the call failed. */
export class AnafFormatError extends Error {}

/** The request body of one call: every CUI asked about on the same date. */
export function buildVatRequest(cuis: readonly number[], date: string): Array<{ cui: number; data: string }> {
  return cuis.map((cui) => ({ cui, data: date }));
}

/** The answer of one call, read into one status per found CUI; throws AnafFormatError on anything else. */
export function parseVatAnswer(json: unknown): VatAnswer {
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new AnafFormatError('răspuns ANAF fără forma documentată');
  if (parsed.data.cod !== 200) throw new AnafFormatError(`ANAF a răspuns cu codul ${parsed.data.cod}${parsed.data.message ? `: ${parsed.data.message}` : ''}`);
  const found: VatStatus[] = [];
  for (const raw of parsed.data.found ?? []) {
    const entry = foundSchema.safeParse(raw);
    if (!entry.success) continue;
    const e = entry.data;
    const cui = Number(e.date_generale.cui);
    if (!Number.isSafeInteger(cui) || cui <= 0) continue;
    const periods = e.inregistrare_scop_Tva?.perioade_TVA ?? [];
    const vatPayer = e.inregistrare_scop_Tva?.scpTVA ?? false;
    // The period in force has no end; otherwise the latest start, and its end says when VAT stopped.
    const open = periods.find((p) => !anafDate(p.data_sfarsit_ScpTVA) && anafDate(p.data_inceput_ScpTVA));
    const latest = [...periods].sort((a, b) => (anafDate(b.data_inceput_ScpTVA) ?? '').localeCompare(anafDate(a.data_inceput_ScpTVA) ?? ''))[0];
    found.push({
      cui,
      vatPayer,
      vatSince: vatPayer ? anafDate((open ?? latest)?.data_inceput_ScpTVA) : null,
      vatEndedOn: vatPayer ? null : anafDate(latest?.data_sfarsit_ScpTVA) ?? anafDate(latest?.data_anul_imp_ScpTVA),
      vatOnCash: e.inregistrare_RTVAI?.statusTvaIncasare ?? false,
      vatOnCashSince: anafDate(e.inregistrare_RTVAI?.dataInceputTvaInc),
      splitVat: e.inregistrare_SplitTVA?.statusSplitTVA ?? false,
      splitVatSince: anafDate(e.inregistrare_SplitTVA?.dataInceputSplitTVA),
      inactive: e.stare_inactiv?.statusInactivi ?? false,
      inactiveSince: anafDate(e.stare_inactiv?.dataInactivare),
      reactivatedOn: anafDate(e.stare_inactiv?.dataReactivare),
      eFactura: e.date_generale.statusRO_e_Factura,
      eFacturaSince: anafDate(e.date_generale.data_inreg_Reg_RO_e_Factura),
      name: e.date_generale.denumire?.slice(0, 200) ?? null,
      address: e.date_generale.adresa?.slice(0, 400) ?? null,
    });
  }
  const notFound = (parsed.data.notFound ?? []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  return { found, notFound };
}
