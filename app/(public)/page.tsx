import type { Metadata } from 'next';
import { CaenSection, CountiesSection } from '@/components/search/landing-sections';
import { RiskSection, SizeSection, StepsSection } from '@/components/search/landing-cards';
import { LandingHero } from '@/components/search/landing-hero';
import { LandingStats } from '@/components/search/landing-stats';
import { LeaveMessageForm } from '@/components/search/leave-message-form';
import { RadarCarousel } from '@/components/search/radar-carousel';
import {
  getCompaniesNumberByDimension,
  getCompanyStatistics,
  getRiskStatistics,
  getTopCaens,
  getTopCounties,
} from '@/server/landing/queries';

// Figures are read from the database per request (materialized views), never at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  alternates: { canonical: '/' },
};

export default async function HomePage() {
  const [stats, sizes, counties, caens, risk] = await Promise.all([
    getCompanyStatistics(null),
    getCompaniesNumberByDimension(null),
    getTopCounties(null),
    getTopCaens(null),
    getRiskStatistics(null),
  ]);
  return (
    <>
      <LandingHero />
      <LandingStats stats={stats.map(({ Name, CompaniesNr }) => ({ Name, CompaniesNr }))} />
      <RadarCarousel />
      <CountiesSection counties={counties} />
      <CaenSection caens={caens} />
      <SizeSection groups={sizes} />
      <RiskSection low={risk.low} high={risk.high} />
      <StepsSection />
      <LeaveMessageForm />
    </>
  );
}
