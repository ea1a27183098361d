// Everything the server-rendered company page needs, read straight from the database (the page
// never calls its own API over HTTP): three independent reads in parallel.
import type { CompanyPageData } from './dto';
import { getAllYearDetails, graphRowsFromYears, isStorableCui, loadCompanyDetails } from './queries';
import { getSimilarCompanies, SIMILAR_PAGE_SIZE } from './rankings';
import { AppError } from '../http/errors';

/** null when the company does not exist. */
export async function getCompanyPageData(cui: number): Promise<CompanyPageData | null> {
  if (!isStorableCui(cui)) return null;
  const similar = getSimilarCompanies(cui, 'County', 1, SIMILAR_PAGE_SIZE).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
    throw e;
  });
  const [found, years, similarList] = await Promise.all([loadCompanyDetails(cui), getAllYearDetails(cui), similar]);
  if (!found || !similarList) return null;
  return { details: found.details, statistics: found.statistics, years, graph: graphRowsFromYears(years), similar: similarList };
}
