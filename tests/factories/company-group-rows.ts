// A row of a group list (GET /api/Group/getCompanyGroups) as the client tables receive it, for the
// component tests of CompanyGroupsTable.
import type { CompanyGroup } from '@/lib/groups/types';

export const companyGroupRow = (cui: number, name: string, over: Partial<CompanyGroup> = {}): CompanyGroup => ({
  CompanyGroupId: cui % 1000,
  GroupId: 1,
  Cui: cui,
  Name: name,
  Turnover: 0,
  Profit: 0,
  Employees: 0,
  GroupName: 'Clienți',
  CaenCode: null,
  CaenDescription: null,
  AccessToEdit: false,
  ...over,
});
