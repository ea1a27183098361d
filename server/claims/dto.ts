import 'server-only';
import type { ClaimRequestDto } from '@/lib/claims/types';

export const CLAIM_SELECT = {
  id: true,
  cui: true,
  name: true,
  phone: true,
  email: true,
  description: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  company: { select: { name: true } },
} as const;

type ClaimSelected = {
  id: number;
  cui: number;
  name: string;
  phone: string;
  email: string;
  description: string | null;
  status: boolean | null;
  createdAt: Date;
  updatedAt: Date | null;
  company: { name: string };
};

export function toClaimDto(c: ClaimSelected): ClaimRequestDto {
  return {
    Id: c.id,
    Name: c.name,
    Phone: c.phone,
    Email: c.email,
    CompanyName: c.company.name,
    CompanyCUI: c.cui,
    Description: c.description || null,
    CreatedDate: c.createdAt.toISOString(),
    UpdatedDate: c.updatedAt ? c.updatedAt.toISOString() : null,
    Status: c.status,
  };
}
