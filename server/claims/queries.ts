// Claim reads: the review list (Admin) and the approved-claimant check other domains apply.
import 'server-only';
import type { ClaimRequestsQuery } from '@/lib/claims/schemas';
import type { ClaimRequestsPage } from '@/lib/claims/types';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { forbidden } from '../kernel/errors';
import type { Prisma } from '../generated/prisma/client';
import { CLAIM_SELECT, toClaimDto } from './dto';
import { approvedClaimWhere, canReviewClaims } from './policy';
import { ownValue } from '@/lib/shared/own-key';
import { parseCui } from '@/lib/cui';

/** True when the actor's claim on the company was approved (the right it grants: see policy.ts). */
export async function isApprovedClaimant(actor: Actor | null, cui: number): Promise<boolean> {
  if (!actor) return false;
  const found = await prisma.claimRequest.findFirst({ where: approvedClaimWhere(actor, cui), select: { id: true } });
  return found != null;
}

const ORDER: Record<string, keyof Prisma.ClaimRequestOrderByWithRelationInput> = {
  name: 'name',
  createdDate: 'createdAt',
  updatedDate: 'updatedAt',
};

/** GET /api/Company/GetCompaniesRequests (Admin). Search by company name or CUI. */
export async function findClaimRequests(actor: Actor, q: ClaimRequestsQuery): Promise<ClaimRequestsPage> {
  if (!canReviewClaims(actor)) throw forbidden();
  const text = q.SearchText.trim();
  const cui = parseCui(text.replace(/^ro\s*/i, ''));
  const where: Prisma.ClaimRequestWhereInput = { status: q.statusId };
  if (text) {
    where.OR = [
      { company: { name: { contains: text, mode: 'insensitive' } } },
      ...(cui != null ? [{ cui }] : []),
    ];
  }
  const desc = q.orderBy.endsWith('_desc');
  const column = ownValue(ORDER, q.orderBy.replace(/_desc$/, '')) ?? 'name';
  const direction = desc ? 'desc' : 'asc';
  const [count, rows] = await prisma.$transaction([
    prisma.claimRequest.count({ where }),
    prisma.claimRequest.findMany({
      where,
      select: CLAIM_SELECT,
      orderBy: [{ [column]: column === 'updatedAt' ? { sort: direction, nulls: 'last' } : direction }, { id: direction }],
      skip: (q.pageNumber - 1) * q.pageSize,
      take: q.pageSize,
    }),
  ]);
  return { Items: rows.map(toClaimDto), Count: count, NumberOfPages: Math.ceil(count / q.pageSize) };
}
