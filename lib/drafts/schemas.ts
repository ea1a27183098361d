import { z } from 'zod';
import { dbIdOrNew, MAX_DB_ID, optionalString, queryNumber, queryNumberWithDefault, queryText, requiredString } from '@/lib/shared/schemas';
import { GROUP_LIMITS } from '@/lib/groups/schemas';

const name = () => requiredString({ min: GROUP_LIMITS.nameMin, max: GROUP_LIMITS.nameMax });
const description = () => optionalString({ max: GROUP_LIMITS.descriptionMax });

export const DRAFT_LIMITS = {
  /**
   * The subject's counter counts to its real limit, 200. Spec 002 (§2.7, the limits table) shows
   * /1000, a slip of the old client that let the counter promise 800 characters the save refuses
   * (decision 030).
   */
  subjectMax: GROUP_LIMITS.nameMax,
  /** Recipients of one draft; a larger campaign is split into several. */
  companiesMax: 10_000,
  groupsPerCall: 200,
  pageSize: 10,
  /** Company picker suggestions (top=10). */
  pickerTop: 10,
  redirectDelayMs: 1500,
} as const;

const ids = (max: number) =>
  z
    .array(z.coerce.number().int().min(1).max(2_147_483_647))
    .max(max, `Cel mult ${max} elemente.`)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);

/** Draft: subject (Name) 3–200 (its counter shows /200, decision 030); description max 1000. */
export const draftSchema = z.object({
  Id: dbIdOrNew().optional(),
  Name: name(),
  Description: description(),
  Content: z.string().nullish().transform((v) => v ?? ''),
  Tags: z.array(z.string()).nullish().transform((v) => v ?? []),
  CompanyIds: z.array(z.number().int().min(-MAX_DB_ID).max(MAX_DB_ID)).nullish().transform((v) => v ?? []),
  GroupIds: z.array(z.number().int().min(-MAX_DB_ID).max(MAX_DB_ID)).nullish().transform((v) => v ?? []),
});

/** The draft page's form: what a person types (the design comes from the editor). */
export const draftFormSchema = z.object({ Name: name(), Description: description() });
export type DraftFormInput = z.input<typeof draftFormSchema>;

/** POST /api/MailSend/createDraftMail: a draft from a template, with optional first recipients. */
export const createDraftSchema = z.object({
  MailTemplateId: z.coerce.number().int().min(1).max(2_147_483_647),
  CompanyIds: ids(DRAFT_LIMITS.companiesMax),
  GroupIds: ids(DRAFT_LIMITS.groupsPerCall),
});
export type CreateDraftInput = z.output<typeof createDraftSchema>;

/**
 * PUT /api/MailSend/editDraft: the draft plus CompanyIds and GroupIds. Subject, description and
 * design are changed when present (the companies tab sends only the recipients it adds);
 * recipients are added, never removed here (a company leaves a draft through deleteMailSend).
 */
export const editDraftSchema = z
  .object({
    Id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    GroupedMailId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    Name: name().optional(),
    Description: description().optional(),
    Content: z.string().nullish(),
    CompanyIds: ids(DRAFT_LIMITS.companiesMax),
    GroupIds: ids(DRAFT_LIMITS.groupsPerCall),
  })
  .superRefine((v, ctx) => {
    if (v.Id === undefined && v.GroupedMailId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['Id'], message: 'Acest câmp este necesar.' });
    }
  })
  .transform(({ GroupedMailId, Id, ...rest }) => ({ ...rest, Id: (Id ?? GroupedMailId)! }));
export type EditDraftInput = z.output<typeof editDraftSchema>;

const idValue = z.coerce.number().int().min(1).max(2_147_483_647);

/** GET getMailDraft?groupedMailSendId */
export const draftIdQuerySchema = z.object({ groupedMailSendId: idValue });
/** DELETE delete?id and deleteMailSend?id */
export const idQuerySchema = z.object({ id: idValue });

const DRAFT_COMPANY_ORDERS = ['Name', 'Name_desc', 'GroupName', 'GroupName_desc', 'HasMail', 'HasMail_desc'] as const;

/** GET getCompaniesMail: GroupedMailId, OrderBy, SearchText, PageNumber (+ GroupId of the filter). */
export const companiesMailQuerySchema = z.object({
  GroupedMailId: idValue,
  OrderBy: z.preprocess((v) => (v === '' || v == null ? 'Name' : v), z.enum(DRAFT_COMPANY_ORDERS)),
  SearchText: queryText({ max: 200 }),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }),
  GroupId: queryNumber({ int: true, min: 1, max: 2_147_483_647 }),
});
export type CompaniesMailQuery = z.output<typeof companiesMailQuerySchema>;

const DRAFT_LIST_ORDERS = ['CreatedOn_desc', 'CreatedOn', 'Template', 'Template_desc', 'Name', 'Name_desc'] as const;

/** GET getMailsDraft (search Caută un draft; paged). */
export const mailsDraftQuerySchema = z.object({
  OrderBy: z.preprocess((v) => (v === '' || v == null ? 'Name' : v), z.enum(DRAFT_LIST_ORDERS)),
  SearchText: queryText({ max: 200 }),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }),
});
export type MailsDraftQuery = z.output<typeof mailsDraftQuerySchema>;

/** GET getDraftGroups?groupedMailId (ours: groups for the filter and the add-groups dialog). */
export const draftGroupsQuerySchema = z.object({ groupedMailId: idValue });
