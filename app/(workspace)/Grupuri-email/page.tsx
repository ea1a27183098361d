import { GroupsList } from '@/components/groups/groups-list';
import { sectionPage } from '@/app/_pages/section-page';

export const dynamic = 'force-dynamic';

export default sectionPage({ title: 'Grupuri', path: '/Grupuri-email', description: 'Grupurile dumneavoastră și cele în care ați fost invitat.' }, GroupsList);
