import 'server-only';
import type { MailTemplateDetails, MailTemplateListItem, MailTemplateSaved } from '@/lib/templates/types';

type TagRows = Array<{ tag: { name: string } }>;

const tagNames = (tags: TagRows) => tags.map((t) => t.tag.name).sort((a, b) => a.localeCompare(b, 'ro'));

export const tagsSelect = { select: { tag: { select: { name: true } } } } as const;

export function toListItem(row: { id: number; name: string; description: string | null; tags: TagRows }): MailTemplateListItem {
  const tags = tagNames(row.tags);
  return { Id: row.id, Name: row.name, Description: row.description ?? '', Categories: tags, Tags: tags };
}

export function toDetails(row: { id: number; name: string; description: string | null; content: string; tags: TagRows }): MailTemplateDetails {
  return { Id: row.id, Name: row.name, Description: row.description ?? '', Content: row.content, Tags: tagNames(row.tags) };
}

export function toSaved(row: { id: number; name: string; description: string | null; tags: TagRows }): MailTemplateSaved {
  return { Id: row.id, Name: row.name, Description: row.description ?? '', Tags: tagNames(row.tags) };
}
