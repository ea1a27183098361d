import { WatchedCompanies } from '@/components/watch/watched-companies';
import { WATCHED_COMPANIES_PATH } from '@/lib/watch/paths';
import { sectionPage } from '@/app/_pages/section-page';
import { watchPageMetadata } from '@/app/_pages/watch-page';

export const dynamic = 'force-dynamic';
export const metadata = watchPageMetadata('Companii urmărite');

export default sectionPage(
  { title: 'Companii urmărite', path: WATCHED_COMPANIES_PATH, description: 'Firmele și grupurile despre care primiți notificări când datele oficiale se schimbă.' },
  WatchedCompanies,
);
