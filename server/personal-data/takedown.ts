// Takedown requests (docs/decisions/059): anyone asks, from the company page or /date-personale;
// the request counts once confirmed through the link mailed to the requester; an Admin accepts or
// rejects it in a queue like the claims one, which lists the rows of the request's company that it
// matches; an accepted one hides the person on that company's public data (and nowhere else:
// server/personal-data/suppression.ts, docs/decisions/085), and the requester is told the decision by mail.
import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Takedown, TakedownQueueQuery, TakedownStatus } from '@/lib/privacy/takedown';
import type { TakedownDto, TakedownPage } from '@/lib/privacy/types';
import { TAKEDOWN_TEXTS } from '@/lib/privacy/takedown';
import { companyPath } from '@/lib/slug';
import { isAdmin, type Actor } from '../auth/actor';
import { sha256 } from '../auth/tokens';
import { assertCompanyExists } from '../company/queries';
import { prisma } from '../kernel/db';
import { env } from '../kernel/env';
import { badRequest, conflict, forbidden, notFound } from '../kernel/errors';
import { enqueueAndSend } from '../mail/outbox';
import { renderNoticeMail } from '../mail/templates';
import { clientAddress, hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { recordAudit } from '../privacy/audit';
import { suppressPerson } from './suppression';
import { findContactsMatchingPerson } from '../contacts/queries';
import { findRepresentativesMatchingPerson } from '../privacy/people';
import type { PersonMatchRow } from '../privacy/policy';
import { clockNow } from '../kernel/clock';

/** A public form that sends mail: a few requests per address and hour. */
const TAKEDOWNS_PER_IP_PER_HOUR = 5;
/** The confirmation link's life. */
const TAKEDOWN_LINK_DAYS = 7;

const blank = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** POST /api/Privacy/requestTakedown (public): stores the request and mails the confirmation link. */
export async function requestTakedown(_actor: Actor | null, input: Takedown, req: Request): Promise<{ Id: number; Message: string }> {
  const hit = await hitRateLimit(`takedown:ip:${clientAddress(req)}`, TAKEDOWNS_PER_IP_PER_HOUR, 3600);
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, TAKEDOWN_TEXTS.tooMany);
  await assertCompanyExists(input.CompanyCUI);
  const token = randomBytes(32).toString('base64url');
  const row = await prisma.takedownRequest.create({
    data: {
      cui: input.CompanyCUI,
      personName: input.PersonName,
      personEmail: blank(input.PersonEmail)?.toLowerCase() ?? null,
      personPhone: blank(input.PersonPhone),
      requesterEmail: input.RequesterEmail.toLowerCase(),
      reason: blank(input.Reason),
      tokenHash: sha256(token),
    },
    select: { id: true },
  });
  const link = `${env.APP_URL}/date-personale/confirmare?token=${encodeURIComponent(token)}`;
  // A fixed subject and no typed text but the person's name, which the requester gave us.
  const mail = await renderNoticeMail({
    subject: 'Confirmați cererea de ascundere a datelor personale',
    title: 'Confirmați cererea',
    intro: `Am primit o cerere de ascundere a datelor personale de pe RadarFirme. Deschideți linkul de mai jos în ${TAKEDOWN_LINK_DAYS} zile pentru a o confirma; dacă nu ați trimis-o dumneavoastră, ignorați acest mesaj.`,
    rows: [
      { label: 'Persoana', value: input.PersonName },
      { label: 'CUI', value: String(input.CompanyCUI) },
      { label: 'Link de confirmare', value: link },
    ],
  });
  await enqueueAndSend({ to: input.RequesterEmail.toLowerCase(), subject: mail.subject, html: mail.html, text: mail.text, kind: 'takedown-confirm' });
  return { Id: row.id, Message: TAKEDOWN_TEXTS.sent };
}

/** POST /api/Privacy/confirmTakedown (public; the token is the credential): the request enters the queue. */
export async function confirmTakedown(token: string): Promise<{ Message: string }> {
  const since = new Date(clockNow().getTime() - TAKEDOWN_LINK_DAYS * 86_400_000);
  const done = await prisma.takedownRequest.updateMany({
    where: { tokenHash: sha256(token), status: 'Unconfirmed', createdAt: { gte: since } },
    data: { status: 'Pending', confirmedAt: new Date(), tokenHash: null },
  });
  if (done.count === 0) throw badRequest(TAKEDOWN_TEXTS.badLink);
  return { Message: TAKEDOWN_TEXTS.confirmed };
}

const SELECT = {
  id: true,
  cui: true,
  personName: true,
  personEmail: true,
  personPhone: true,
  requesterEmail: true,
  reason: true,
  status: true,
  createdAt: true,
  decidedAt: true,
} as const;
type Row = { id: number; cui: number; personName: string; personEmail: string | null; personPhone: string | null; requesterEmail: string; reason: string | null; status: string; createdAt: Date; decidedAt: Date | null };

type MatchedRow = TakedownDto['MatchedRows'][number];

/**
 * The rows of the request's company its identity matches (the contact and representative modules
 * read them): what accepting hides, or hid. Shown to the Admin before the decision.
 */
async function matchedRowsOf(r: Row): Promise<MatchedRow[]> {
  const who = { cui: r.cui, name: r.personName, email: r.personEmail, phone: r.personPhone };
  const [contacts, reps] = await Promise.all([findContactsMatchingPerson(who), findRepresentativesMatchingPerson(who)]);
  const row = (table: MatchedRow['Table']) => (m: PersonMatchRow): MatchedRow => ({
    Table: table,
    Id: m.id,
    Name: m.name,
    Role: m.role,
    Email: m.email,
    Phone: m.phone,
    IsHidden: m.is_suppressed,
  });
  return [...contacts.map(row('Contact')), ...reps.map(row('Representative'))];
}

function toDto(r: Row, names: Map<number, string>, matched: MatchedRow[]): TakedownDto {
  return {
    Id: r.id,
    CompanyCUI: r.cui,
    CompanyName: names.get(r.cui) ?? null,
    PersonName: r.personName,
    PersonEmail: r.personEmail,
    PersonPhone: r.personPhone,
    RequesterEmail: r.requesterEmail,
    Reason: r.reason,
    Status: r.status as TakedownStatus,
    CreatedDate: r.createdAt.toISOString(),
    DecidedDate: r.decidedAt?.toISOString() ?? null,
    MatchedRows: matched,
  };
}

async function companyNames(cuis: number[]): Promise<Map<number, string>> {
  const rows = await prisma.company.findMany({ where: { cui: { in: cuis } }, select: { cui: true, name: true } });
  return new Map(rows.map((c) => [c.cui, c.name]));
}

/** GET /api/Privacy/getTakedownRequests (Admin): oldest first, so the queue is worked in order. */
export async function findTakedowns(actor: Actor, q: TakedownQueueQuery): Promise<TakedownPage> {
  if (!isAdmin(actor)) throw forbidden();
  const where = { status: q.status };
  const [count, rows] = await prisma.$transaction([
    prisma.takedownRequest.count({ where }),
    prisma.takedownRequest.findMany({ where, select: SELECT, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: (q.pageNumber - 1) * q.pageSize, take: q.pageSize }),
  ]);
  const names = await companyNames([...new Set(rows.map((r) => r.cui))]);
  const matched = await Promise.all(rows.map(matchedRowsOf));
  return { Items: rows.map((r, i) => toDto(r, names, matched[i])), Count: count, NumberOfPages: Math.ceil(count / q.pageSize) };
}

async function mailDecision(r: TakedownDto): Promise<void> {
  const accepted = r.Status === 'Accepted';
  const mail = await renderNoticeMail({
    subject: accepted ? 'Cererea de ascundere a datelor personale a fost acceptată' : 'Cererea de ascundere a datelor personale a fost respinsă',
    title: accepted ? 'Cererea a fost acceptată' : 'Cererea a fost respinsă',
    intro: accepted
      ? 'Numele, adresa de e-mail și telefonul persoanei nu mai apar pe paginile publice RadarFirme, în căutare și în exporturi, nici după actualizările ulterioare ale datelor.'
      : 'Datele publicate provin din registre publice și nu au putut fi ascunse. Ne puteți scrie dacă aveți informații suplimentare.',
    rows: [
      { label: 'Persoana', value: r.PersonName },
      { label: 'Compania', value: `${r.CompanyName ?? ''} (CUI ${r.CompanyCUI})` },
      { label: 'Pagina companiei', value: `${env.APP_URL}${companyPath(r.CompanyCUI, r.CompanyName ?? String(r.CompanyCUI))}` },
    ],
  });
  await enqueueAndSend({ to: r.RequesterEmail, subject: mail.subject, html: mail.html, text: mail.text, kind: 'takedown-decision' });
}

/**
 * POST /api/Privacy/decideTakedown (Admin): a pending request is accepted (the person is hidden at
 * once) or rejected; the decision is audited and mailed. Deciding twice answers 409.
 */
export async function decideTakedown(actor: Actor, id: number, accept: boolean): Promise<TakedownDto> {
  if (!isAdmin(actor)) throw forbidden();
  const row = await prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Array<{ status: string }>>`SELECT status FROM takedown_request WHERE id = ${id} FOR UPDATE`;
    if (!locked[0] || locked[0].status === 'Unconfirmed') throw notFound('Cererea nu a fost găsită.');
    if (locked[0].status !== 'Pending') throw conflict(TAKEDOWN_TEXTS.notPending);
    const status: TakedownStatus = accept ? 'Accepted' : 'Rejected';
    const updated = await tx.takedownRequest.update({ where: { id }, data: { status, decidedAt: new Date(), decidedById: actor.userId }, select: SELECT });
    let companies: number[] = [];
    if (accept) {
      companies = await suppressPerson(tx, id, { cui: updated.cui, name: updated.personName, email: updated.personEmail, phone: updated.personPhone });
    }
    await recordAudit(tx, actor, { action: 'takedown.decision', targetType: 'takedown', targetId: id, before: { Status: 'Pending' }, after: { Status: status, Companies: companies } });
    return updated;
  });
  const dto = toDto(row, await companyNames([row.cui]), await matchedRowsOf(row));
  await mailDecision(dto);
  return dto;
}
