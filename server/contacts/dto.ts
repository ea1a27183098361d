// Contact and social-media rows → the API's shapes (Prisma row types stay in server/).
import 'server-only';
import type { ContactDto, SocialMediaDto } from '@/lib/contacts/types';
import { SOCIAL_PLATFORMS } from '@/lib/contacts/schemas';
import type { Actor } from '../auth/actor';
import { isOwnContact } from './policy';

export const CONTACT_SELECT = {
  id: true,
  cui: true,
  userId: true,
  name: true,
  role: true,
  phone: true,
  email: true,
  isPrivate: true,
  isDeleted: true,
  isSuppressed: true,
} as const;

export type ContactSelected = {
  id: number;
  cui: number;
  userId: number | null;
  name: string | null;
  role: string | null;
  phone: string | null;
  email: string | null;
  isPrivate: boolean;
};

export function toContactDto(actor: Actor | null, c: ContactSelected, companyName?: string): ContactDto {
  return {
    Id: c.id,
    CompanyId: c.cui,
    Name: c.name,
    Role: c.role,
    Phone: c.phone,
    PhoneNumber: c.phone,
    Email: c.email,
    Private: c.isPrivate,
    IsOwn: isOwnContact(actor, c),
    ...(companyName !== undefined ? { CompanyName: companyName } : {}),
  };
}

const platformRank = (p: string) => {
  const i = SOCIAL_PLATFORMS.findIndex((s) => s.toLowerCase() === p.toLowerCase());
  return i === -1 ? SOCIAL_PLATFORMS.length : i;
};

/** The links in the fixed platform order, empty ones left out. */
export function toSocialMediaList(rows: Array<{ id: number; platform: string; url: string }>): SocialMediaDto[] {
  return rows
    .filter((r) => r.url !== '')
    .sort((a, b) => platformRank(a.platform) - platformRank(b.platform) || a.id - b.id)
    .map((r) => ({ Id: r.id, Platform: r.platform, Url: r.url }));
}
