// Everything the server-rendered company page needs, read in parallel straight from the database
// (the page never calls its own API over HTTP).
import type { CompanyPageData } from './dto';
import { getAllYearDetails, getCompanyDetails, isStorableCui, loadGraphRows, loadStatistics } from './queries';
import { getSimilarCompanies, SIMILAR_PAGE_SIZE } from './rankings';
import { AppError } from '../http/errors';

/** null when the company does not exist. */
export async function getCompanyPageData(cui: number): Promise<CompanyPageData | null> {
  if (!isStorableCui(cui)) return null;
  try {
    const [details, years, graph, statistics, similar] = await Promise.all([
      getCompanyDetails(cui),
      getAllYearDetails(cui),
      loadGraphRows(cui),
      loadStatistics(cui),
      getSimilarCompanies(cui, 'County', 1, SIMILAR_PAGE_SIZE),
    ]);
    return { details, years, graph, statistics, similar };
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
    throw e;
  }
}
