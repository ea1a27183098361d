import { MESSAGES } from '@/lib/shared/schemas';
import { addCommentSchema, addGroupSchema, commentContentSchema, groupNameSchema, inviteSchema, updateGroupsSchema } from '@/lib/groups/schemas';
import { draftSchema } from '@/lib/drafts/schemas';
import { addMailCommentSchema } from '@/lib/sending/schemas';
import { templateSchema } from '@/lib/templates/schemas';
import { editUserSchema } from '@/lib/users/schemas';
import { issuesOf } from './schemas-helpers';

describe('group name', () => {
  it.each([
    ['', MESSAGES.required],
    ['ab', MESSAGES.minLength(3)],
    ['  ab  ', MESSAGES.minLength(3)],
    ['a'.repeat(201), MESSAGES.maxLength(200)],
  ])('%p -> %p', (name, message) => {
    expect(issuesOf(groupNameSchema, name)).toEqual({ '': [message] });
  });
  it('accepts 3 and 200 characters', () => {
    expect(issuesOf(groupNameSchema, 'abc')).toEqual({});
    expect(issuesOf(groupNameSchema, 'a'.repeat(200))).toEqual({});
    expect(addGroupSchema.parse({ Name: ' Clienți noi ' })).toEqual({ Name: 'Clienți noi' });
  });
  it('validates every row of updateRange', () => {
    expect(issuesOf(updateGroupsSchema, [{ Id: 1, Name: 'abc' }, { Id: 2, Name: 'x' }])).toEqual({
      '1.Name': [MESSAGES.minLength(3)],
    });
  });
});

describe('inviteSchema', () => {
  it('needs a valid email', () => {
    expect(issuesOf(inviteSchema, { Email: '', GroupId: 1, Access: 'View' })).toEqual({ Email: [MESSAGES.required] });
    expect(issuesOf(inviteSchema, { Email: 'a@', GroupId: 1, Access: 'View' })).toEqual({ Email: [MESSAGES.email] });
    expect(inviteSchema.parse({ Email: 'a@b.ro', GroupId: '4', Access: 'Edit' })).toEqual({
      Email: 'a@b.ro',
      GroupId: 4,
      Access: 'Edit',
    });
  });
});

describe('templates and drafts', () => {
  it('template title 3–200, description up to 1000', () => {
    expect(issuesOf(templateSchema, { Name: 'ab' })).toEqual({ Name: [MESSAGES.minLength(3)] });
    expect(issuesOf(templateSchema, { Name: 'Ofertă', Description: 'a'.repeat(1000) })).toEqual({});
    expect(issuesOf(templateSchema, { Name: 'Ofertă', Description: 'a'.repeat(1001) })).toEqual({
      Description: [MESSAGES.maxLength(1000)],
    });
    expect(templateSchema.parse({ Name: 'Ofertă' })).toEqual({ Name: 'Ofertă', Description: '', Content: '', Tags: [] });
  });

  it('draft subject 3–200, description up to 1000', () => {
    expect(issuesOf(draftSchema, { Name: '' })).toEqual({ Name: [MESSAGES.required] });
    expect(issuesOf(draftSchema, { Name: 'a'.repeat(201) })).toEqual({ Name: [MESSAGES.maxLength(200)] });
    expect(issuesOf(draftSchema, { Name: 'Subiect', Description: 'a'.repeat(1001) })).toEqual({
      Description: [MESSAGES.maxLength(1000)],
    });
    expect(draftSchema.parse({ Name: 'Subiect', CompanyIds: [1], GroupIds: null })).toMatchObject({
      CompanyIds: [1],
      GroupIds: [],
    });
  });
});

describe('comments', () => {
  it('are 3 to 250 characters', () => {
    expect(issuesOf(commentContentSchema, '')).toEqual({ '': [MESSAGES.required] });
    expect(issuesOf(commentContentSchema, 'ok')).toEqual({ '': [MESSAGES.minLength(3)] });
    expect(issuesOf(commentContentSchema, 'a'.repeat(250))).toEqual({});
    expect(issuesOf(commentContentSchema, 'a'.repeat(251))).toEqual({ '': [MESSAGES.maxLength(250)] });
  });
  it('company and mail comment payloads', () => {
    expect(addCommentSchema.parse({ Content: 'Sunat azi', CompanyCui: '14399840', CompanyGroupId: 3 })).toEqual({
      Content: 'Sunat azi',
      CompanyCui: 14399840,
      CompanyGroupId: 3,
    });
    expect(issuesOf(addMailCommentSchema, { Comment: 'x', MailId: 1 })).toEqual({ Comment: [MESSAGES.minLength(3)] });
  });
});

describe('editUserSchema', () => {
  it('name 3–200 and a valid email', () => {
    expect(issuesOf(editUserSchema, { Id: 'u1', UserName: 'Ion', Email: 'ion@firma.ro' })).toEqual({});
    expect(issuesOf(editUserSchema, { Id: 'u1', UserName: 'Io', Email: 'ion' })).toEqual({
      UserName: [MESSAGES.minLength(3)],
      Email: [MESSAGES.email],
    });
  });
});

describe('group request schemas', () => {
  it('access levels are View and Edit, View first', async () => {
    const { ACCESS_LEVELS, DEFAULT_ACCESS, editGroupMemberSchema } = await import('@/lib/groups/schemas');
    expect(ACCESS_LEVELS).toEqual(['View', 'Edit']);
    expect(DEFAULT_ACCESS).toBe('View');
    expect(issuesOf(inviteSchema, { Email: 'a@b.ro', GroupId: 1, Access: 'Admin' })).toEqual({ Access: ['Nivelul de acces nu este valid.'] });
    expect(editGroupMemberSchema.parse({ GroupMemberId: '3', Access: 'Edit' })).toEqual({ GroupMemberId: 3, Access: 'Edit' });
  });

  it('getCompanyGroups takes the search filter plus GroupId, page size 20, Profit_desc', async () => {
    const { companyGroupsQuerySchema } = await import('@/lib/groups/schemas');
    const q = companyGroupsQuerySchema.parse({ GroupId: '7', MinEmployees: '10', HasPhoneNumber: 'true', CaenCode: '6201' });
    expect(q).toMatchObject({ GroupId: 7, MinEmployees: 10, HasPhoneNumber: true, CaenCode: '6201', OrderBy: 'Profit_desc', PageSize: 20, PageNumber: 1 });
    expect(companyGroupsQuerySchema.safeParse({ MaxTurnover: '-1' }).success).toBe(false);
    expect(companyGroupsQuerySchema.safeParse({ GroupId: '0' }).success).toBe(false);
  });

  it('addComapaniesToGroup takes 1 to 500 CUIs', async () => {
    const { addCompaniesBodySchema } = await import('@/lib/groups/schemas');
    expect(addCompaniesBodySchema.parse(['14399840', 2])).toEqual([14399840, 2]);
    expect(addCompaniesBodySchema.safeParse([]).success).toBe(false);
    expect(addCompaniesBodySchema.safeParse(Array.from({ length: 501 }, (_, i) => i + 1)).success).toBe(false);
  });
});
