import { WatchedCompanies } from '@/components/watch/watched-companies';
import { WATCHED_COMPANIES_PATH } from '@/lib/watch/paths';
import { signedInSectionPage } from '@/app/_pages/section-page';
import { watchPageMetadata } from '../notificari/watch-page';

export const dynamic = 'force-dynamic';
export const metadata = watchPageMetadata('Companii urmărite');

export default signedInSectionPage(
  { title: 'Companii urmărite', path: WATCHED_COMPANIES_PATH, description: 'Firmele și grupurile despre care primiți notificări când datele oficiale se schimbă.' },
  WatchedCompanies,
);
