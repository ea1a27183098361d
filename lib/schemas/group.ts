import { z } from 'zod';
import { optionalString, requiredEmail, requiredString } from './common';

// Lengths of 002 §5.
export const GROUP_LIMITS = {
  nameMin: 3,
  nameMax: 200,
  descriptionMax: 1000,
  commentMin: 3,
  commentMax: 250,
} as const;

const name = () => requiredString({ min: GROUP_LIMITS.nameMin, max: GROUP_LIMITS.nameMax });
const description = () => optionalString({ max: GROUP_LIMITS.descriptionMax });
const id = () => z.coerce.number().int().min(1);

/** Group name in add, edit and the administration modal rows. */
export const groupNameSchema = name();

/** POST /api/Group/add?name */
export const addGroupSchema = z.object({ Name: name() });
export type AddGroupInput = z.infer<typeof addGroupSchema>;

/** PUT /api/Group/update (company counts are not sent, 002 §4). */
export const updateGroupSchema = z.object({ Id: id(), Name: name() });
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

/** PUT /api/Group/updateRange */
export const updateGroupsSchema = z.array(updateGroupSchema);

/**
 * POST /api/Group/invite (query Email, GroupId, Access). Access levels come from
 * GET /api/Group/getPermisions and are not shown, so any non-empty value or number passes here.
 */
export const inviteSchema = z.object({
  Email: requiredEmail({ max: 254 }),
  GroupId: id(),
  Access: z.union([z.number().int(), z.string().trim().min(1)]),
});
export type InviteInput = z.input<typeof inviteSchema>;

/** Email template (title = Name). Content is the editor design as JSON text. */
export const templateSchema = z.object({
  Id: z.number().int().min(0).optional(),
  Name: name(),
  Description: description(),
  Content: z.string().nullish().transform((v) => v ?? ''),
  Tags: z.array(z.string().trim().min(1).max(100)).nullish().transform((v) => v ?? []),
});
export type TemplateInput = z.input<typeof templateSchema>;
export type Template = z.output<typeof templateSchema>;

/** Draft: subject (Name) 3–200, the UI counter shows /1000; description max 1000. */
export const draftSchema = z.object({
  Id: z.number().int().min(0).optional(),
  Name: name(),
  Description: description(),
  Content: z.string().nullish().transform((v) => v ?? ''),
  Tags: z.array(z.string()).nullish().transform((v) => v ?? []),
  CompanyIds: z.array(z.number().int()).nullish().transform((v) => v ?? []),
  GroupIds: z.array(z.number().int()).nullish().transform((v) => v ?? []),
});
export type DraftInput = z.input<typeof draftSchema>;
export type Draft = z.output<typeof draftSchema>;

/** Comment text, new or edited (company comments and mail comments). */
export const commentContentSchema = requiredString({ min: GROUP_LIMITS.commentMin, max: GROUP_LIMITS.commentMax });

/** POST /api/CompanyComment/add */
export const addCommentSchema = z.object({
  Content: commentContentSchema,
  CompanyCui: z.union([z.number(), z.string().trim().regex(/^\d{1,10}$/)]).transform(Number),
  CompanyGroupId: id(),
});
/** PUT /api/CompanyComment/update */
export const updateCommentSchema = z.object({ Id: id(), Content: commentContentSchema });

/** PUT /api/User/updateUser (modal "Modifică utilizatorul"). */
export const editUserSchema = z.object({
  Id: z.union([z.string().min(1), z.number().int()]).optional(),
  UserName: name(),
  Email: requiredEmail({ max: 254 }),
});
export type EditUserInput = z.input<typeof editUserSchema>;

/** POST /api/MailSend/addMailComment */
export const addMailCommentSchema = z.object({ Comment: commentContentSchema, MailId: id() });
/** PUT /api/MailSend/editComment */
export const editMailCommentSchema = z.object({ Id: id(), Comment: commentContentSchema });
