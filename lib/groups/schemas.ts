import { z } from 'zod';
import { dbId, dbIdNumber, queryBoolean, queryNumber, queryNumberWithDefault, queryText, requiredEmail, requiredString } from '../shared/schemas';
import { companiesQuerySchema } from '../search/schemas';
import { isCuiText } from '../cui';

// Lengths of the group, invitation and comment forms.
export const GROUP_LIMITS = {
  nameMin: 3,
  nameMax: 200,
  descriptionMax: 1000,
  commentMin: 3,
  commentMax: 250,
} as const;

const name = () => requiredString({ min: GROUP_LIMITS.nameMin, max: GROUP_LIMITS.nameMax });
const id = dbId;

/** Group name in add, edit and the administration modal rows. */
export const groupNameSchema = name();

/** POST /api/Group/add?name */
export const addGroupSchema = z.object({ Name: name() });
export type AddGroupInput = z.infer<typeof addGroupSchema>;

/** PUT /api/Group/update (company counts are not sent). */
export const updateGroupSchema = z.object({ Id: id(), Name: name() });
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

/** PUT /api/Group/updateRange */
export const updateGroupsSchema = z.array(updateGroupSchema);

/**
 * Access levels of a group member, least privilege first: the first is the default of the invite
 * form (GET /api/Group/getPermisions answers this list). 'Edit' is AccessToEdit.
 */
export const ACCESS_LEVELS = ['View', 'Edit'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const DEFAULT_ACCESS: AccessLevel = ACCESS_LEVELS[0];
export const ACCESS_LABELS: Record<AccessLevel, string> = { View: 'Vizualizare', Edit: 'Editare' };
const accessLevel = () => z.enum(ACCESS_LEVELS, { error: 'Nivelul de acces nu este valid.' });

/** POST /api/Group/invite (query Email, GroupId, Access). */
export const inviteSchema = z.object({
  Email: requiredEmail({ max: 254 }),
  GroupId: id(),
  Access: accessLevel(),
});
/** The invite form (the group is chosen by the page, not typed). */
export const inviteFormSchema = inviteSchema.pick({ Email: true, Access: true });
export type InviteFormInput = z.input<typeof inviteFormSchema>;

/** PUT /api/Group/editGroupMember (query GroupMemberId, Access). */
export const editGroupMemberSchema = z.object({ GroupMemberId: id(), Access: accessLevel() });

/** POST /api/Group/acceptInvite?inviteId, rejectInvite?inviteId: the token of the mailed link. */
export const inviteIdSchema = z.object({ inviteId: z.string().trim().uuid({ error: 'Invitația nu este validă.' }) });

/** GET /api/Group/getGroupInvitations?groupId, GET /api/Group/getMyInvitations: one page of pending invitations. */
export const INVITATION_PAGE_SIZE = 20;
export const groupInvitationsQuerySchema = z.object({
  groupId: id(),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }),
});
export const myInvitationsQuerySchema = z.object({ PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }) });

/** GET /api/Group/get?id, DELETE /api/Group/{id}, virtualDeleteGroupMember/{id}. */
export const idQuerySchema = z.object({ id: id() });
export const groupIdQuerySchema = z.object({ groupId: id() });

export const GROUP_PAGE_SIZE = 20;

/** GET /api/Group/getGroups (query OrderBy, SearchText, PageNumber, PageSize). */
export const groupListQuerySchema = z.object({
  OrderBy: queryText({ max: 40 }),
  SearchText: queryText({ max: 200 }),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }),
  PageSize: queryNumberWithDefault(GROUP_PAGE_SIZE, { int: true, min: 1, max: 100 }),
});
export type GroupListQuery = z.output<typeof groupListQuerySchema>;

/** GET /api/Group/getGroupsForEdit?searchText */
export const groupsForEditQuerySchema = z.object({ searchText: queryText({ max: 200 }) });

export const COMPANY_GROUP_DEFAULT_ORDER = 'Profit_desc';
export const COMPANY_GROUP_PAGE_SIZE = 20;
export const CAEN_DESCRIPTION_CUT = 70;

/** The company of the card menu: GET getGroupsForCompany?cui, DELETE deleteCompanyFromItsGroup?cui. */
export const cuiQuerySchema = z.object({ cui: dbId() });

/** PUT /api/Group/updateOrAddCompanyToGroup */
export const companyToGroupSchema = z.object({ Cui: dbId(), GroupId: id() });

/** PUT /api/Group/updateCompanyGroup: move one company-in-group row to another group. */
export const moveCompanyGroupSchema = z.object({ Id: id(), GroupId: id() });

/** DELETE /api/Group/deleteCompanyFromGroup/?companyGroupId */
export const companyGroupIdQuerySchema = z.object({ companyGroupId: id() });

/** At most this many CUIs per addComapaniesToGroup call. */
const MAX_COMPANIES_PER_ADD = 500;
/** POST /api/Group/addComapaniesToGroup?groupId, body: list of CUIs. */
export const addCompaniesBodySchema = z
  .array(z.coerce.number().int().min(1).max(2_147_483_647))
  .min(1, { error: 'Alegeți cel puțin o companie.' })
  .max(MAX_COMPANIES_PER_ADD, { error: `Cel mult ${MAX_COMPANIES_PER_ADD} de companii odată.` });

/** Comment text, new or edited (company comments and mail comments). */
export const commentContentSchema = requiredString({ min: GROUP_LIMITS.commentMin, max: GROUP_LIMITS.commentMax });

/** POST /api/CompanyComment/add */
export const addCommentSchema = z.object({
  Content: commentContentSchema,
  CompanyCui: z.union([z.number(), z.string().trim().refine(isCuiText)]).transform(Number).pipe(dbIdNumber()),
  CompanyGroupId: id(),
});
/** PUT /api/CompanyComment/update */
export const updateCommentSchema = z.object({ Id: id(), Content: commentContentSchema });


/** The comment form (new or edited). */
export const commentFormSchema = z.object({ Content: commentContentSchema });

/**
 * GET /api/Group/getCompanyGroups: the whole advanced-search filter (same schema, same bounds) plus
 * GroupId; the order keys are those of the companies table; HasPhoneNumber is the name this list
 * uses for the search's HasPhone.
 */
export const companyGroupsQuerySchema = companiesQuerySchema.extend({
    OrderBy: queryText({ max: 40 }).transform((v) => v || COMPANY_GROUP_DEFAULT_ORDER),
    PageSize: queryNumberWithDefault(COMPANY_GROUP_PAGE_SIZE, { int: true, min: 1, max: 100 }),
    GroupId: queryNumber({ int: true, min: 1, max: 2_147_483_647 }),
    HasPhoneNumber: queryBoolean(),
  });
export type CompanyGroupsQuery = z.output<typeof companyGroupsQuerySchema>;
