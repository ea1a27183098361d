// Claim writes: a user sends a claim; an Admin approves or rejects it and the claimant is told by mail.
import 'server-only';
import type { Claim } from '@/lib/claims/schemas';
import { ALREADY_CLAIMED_MESSAGE, CLAIM_TEXTS } from '@/lib/claims/schemas';
import type { ClaimRequestDto } from '@/lib/claims/types';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { env } from '../kernel/env';
import { conflict, forbidden, notFound } from '../kernel/errors';
import { assertCompanyExists } from '../company/queries';
import { enqueueAndSend } from '../mail/outbox';
import { renderNoticeMail } from '../mail/templates';
import { hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { companyPath } from '@/lib/slug';
import { CLAIM_SELECT, toClaimDto } from './dto';
import { recordAudit } from '../privacy/audit';
import { CLAIMS_PER_USER_PER_HOUR, CLAIM_RATE_WINDOW_SECONDS, canMoveClaim, canReviewClaims, pendingClaimWhere } from './policy';

const isUniqueViolation = (e: unknown) => {
  const code = (e as { code?: string })?.code;
  return code === 'P2002' || code === '23505' || /unique/i.test(String((e as Error)?.message ?? ''));
};

/** POST /api/Company/SendCompanyRequest. */
export async function sendClaimRequest(actor: Actor, input: Claim): Promise<{ Id: number }> {
  await assertCompanyExists(input.CompanyCUI);
  if (await prisma.claimRequest.count({ where: { cui: input.CompanyCUI, status: true } })) throw conflict(ALREADY_CLAIMED_MESSAGE);
  const pending = await prisma.claimRequest.count({ where: pendingClaimWhere(actor, input.CompanyCUI) });
  if (pending) throw conflict(CLAIM_TEXTS.pendingExists);
  const hit = await hitRateLimit(`claim:user:${actor.userId}`, CLAIMS_PER_USER_PER_HOUR, CLAIM_RATE_WINDOW_SECONDS);
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, CLAIM_TEXTS.tooMany);
  try {
    const row = await prisma.claimRequest.create({
      data: {
        cui: input.CompanyCUI,
        userId: actor.userId,
        name: input.Name,
        phone: input.Phone,
        email: input.Email,
        description: input.Description || null,
      },
      select: { id: true },
    });
    return { Id: row.id };
  } catch (e) {
    // Two requests at once: the partial unique index keeps one pending claim per user and company.
    if (isUniqueViolation(e)) throw conflict(CLAIM_TEXTS.pendingExists);
    throw e;
  }
}

async function mailDecision(claim: ClaimRequestDto): Promise<void> {
  const approved = claim.Status === true;
  const link = `${env.APP_URL}${companyPath(claim.CompanyCUI, claim.CompanyName)}`;
  const mail = await renderNoticeMail({
    subject: approved ? `Cererea de pretindere a companiei ${claim.CompanyName} a fost aprobată` : `Cererea de pretindere a companiei ${claim.CompanyName} a fost respinsă`,
    title: approved ? 'Cererea ta a fost aprobată' : 'Cererea ta a fost respinsă',
    intro: approved
      ? 'Acum poți actualiza contactele publice și rețelele sociale ale companiei din pagina ei (butonul Editează contactele).'
      : 'Cererea ta de pretindere a companiei nu a fost aprobată. Ne poți scrie dacă crezi că este o greșeală.',
    rows: [
      { label: 'Compania', value: `${claim.CompanyName} (CUI ${claim.CompanyCUI})` },
      { label: 'Pagina companiei', value: link },
    ],
  });
  await enqueueAndSend({ to: claim.Email, subject: mail.subject, html: mail.html, text: mail.text, kind: 'claim-decision' });
}

/**
 * POST /api/Company/UpdateRequestCompanyStatus (Admin). Approving a second claim of a company
 * answers 409 'Company already claimed!'. The claimant gets a mail with the decision.
 */
export async function updateClaimStatus(actor: Actor, id: number, status: boolean): Promise<ClaimRequestDto> {
  if (!canReviewClaims(actor)) throw forbidden();
  const existing = await prisma.claimRequest.findUnique({ where: { id }, select: CLAIM_SELECT });
  if (!existing) throw notFound('Cererea nu a fost găsită.');
  if (!canMoveClaim(existing.status, status)) return toClaimDto(existing);
  if (status) {
    const other = await prisma.claimRequest.count({ where: { cui: existing.cui, status: true, id: { not: id } } });
    if (other) throw conflict(ALREADY_CLAIMED_MESSAGE);
  }
  let updated;
  try {
    updated = await prisma.$transaction(async (tx) => {
      const row = await tx.claimRequest.update({ where: { id }, data: { status, updatedAt: new Date() }, select: CLAIM_SELECT });
      await recordAudit(tx, actor, { action: 'claim.decision', targetType: 'claim', targetId: id, before: { Status: existing.status }, after: { Status: status } });
      return row;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ALREADY_CLAIMED_MESSAGE);
    throw e;
  }
  const dto = toClaimDto(updated);
  await mailDecision(dto);
  return dto;
}
