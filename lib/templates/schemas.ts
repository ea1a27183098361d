import { z } from 'zod';
import { dbId, dbIdOrNew, MESSAGES, optionalString, queryNumberWithDefault, queryText, requiredString } from '@/lib/shared/schemas';
import { GROUP_LIMITS } from '@/lib/groups/schemas';

const name = () => requiredString({ min: GROUP_LIMITS.nameMin, max: GROUP_LIMITS.nameMax });
const description = () => optionalString({ max: GROUP_LIMITS.descriptionMax });

export const TEMPLATE_LIMITS = {
  /** The tag table's column width. */
  tagMax: 60,
  /** More categories than this on one template stops being a category. */
  tagsPerTemplate: 20,
  pageSize: 10,
} as const;

const tagName = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(TEMPLATE_LIMITS.tagMax, MESSAGES.maxLength(TEMPLATE_LIMITS.tagMax));

/** Tags, trimmed, without repeats (ignoring case: "Ofertă" and "ofertă" are one category). */
const tagsSchema = z
  .array(tagName)
  .max(TEMPLATE_LIMITS.tagsPerTemplate, `Cel mult ${TEMPLATE_LIMITS.tagsPerTemplate} tag-uri.`)
  .nullish()
  .transform((tags) => {
    const seen = new Set<string>();
    return (tags ?? []).filter((t) => {
      const key = t.toLocaleLowerCase('ro');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/**
 * Email template (title = Name). Content is the editor design as JSON text; its format, size and
 * safety are checked by the server (lib/templates/design.ts) because they are not form fields.
 */
export const templateSchema = z.object({
  Id: dbIdOrNew().optional(),
  Name: name(),
  Description: description(),
  Content: z.string().nullish().transform((v) => v ?? ''),
  Tags: tagsSchema,
});
export type Template = z.output<typeof templateSchema>;

/** PUT /api/MailTemplate/Edit: the same fields, with the template's id. */
export const editTemplateSchema = templateSchema.extend({ Id: dbId() });

/** The add/edit form: what a person types (the design comes from the editor, the id from the URL). */
export const templateFormSchema = templateSchema.pick({ Name: true, Description: true, Tags: true });
export type TemplateFormInput = z.input<typeof templateFormSchema>;

const TEMPLATE_ORDERS = ['Name', 'Name_desc', 'Categories', 'Categories_desc'] as const;

/** GET /api/MailTemplate/getPagedMailTemplate (OrderBy, SearchText, PageNumber). */
export const templateListQuerySchema = z.object({
  OrderBy: z.preprocess((v) => (v === '' || v == null ? 'Name' : v), z.enum(TEMPLATE_ORDERS)),
  SearchText: queryText({ max: 200 }),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }),
});
export type TemplateListQuery = z.output<typeof templateListQuerySchema>;

/** ?id= of get and virtualDelete. */
export const templateIdQuerySchema = z.object({ id: dbId() });

/** POST /api/MailTemplate/preview (ours): a design and, optionally, the company to show it for. */
export const previewSchema = z.object({
  Content: z.string().nullish().transform((v) => v ?? ''),
  Cui: z.coerce.number().int().min(1).max(9_999_999_999).nullish().transform((v) => v ?? null),
});
export type PreviewInput = z.output<typeof previewSchema>;
