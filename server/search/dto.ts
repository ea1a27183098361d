// A company in a result list, built from explicit SQL columns (row types never leave server/).
import 'server-only';
import type { CompanySearchItem } from '@/lib/search/types';

export type { CompanySearchItem, CompanySearchPage } from '@/lib/search/types';

export type CompanyItemRow = {
  cui: number; name: string; registration_code: string | null; caen_code: string | null; caen_name: string | null;
  turnover: number; profit: number; employees: number; full_address: string | null;
};

/** For `company c LEFT JOIN caen k`. */
export const COMPANY_ITEM_COLUMNS =
  'c.cui, c.name, c.registration_code, c.caen_code, k.name AS caen_name, c.turnover, c.profit, c.employees, c.full_address';

export function toCompanySearchItem(row: CompanyItemRow): CompanySearchItem {
  return {
    Cui: row.cui,
    Name: row.name,
    RegistrationCode: row.registration_code,
    CaenCode: row.caen_code,
    CaenDescription: row.caen_name,
    NetTurnover: Number(row.turnover),
    NetProfit: Number(row.profit),
    AverageNumberOfEmployees: row.employees,
    Address: row.full_address,
  };
}
