'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { CompanyCardItem, CompanyDetails, DataSourceNote, GraphRow, PagedList, YearDetails } from '../../lib/company/types';
import { FinancialTab } from './financial-tab';
import { RepresentativesTab } from './representatives-tab';
import { SourceNote } from './source-note';
import { TabSkeleton } from './tab-skeleton';

// Everything but the default tab is split into its own chunk and fetched on first open.
const loading = () => <TabSkeleton />;
const ChartsTab = dynamic(() => import('./charts-tab').then((m) => m.ChartsTab), { ssr: false, loading });
const ContactsTab = dynamic(() => import('./contacts-tab').then((m) => m.ContactsTab), { ssr: false, loading });
const TendersTab = dynamic(() => import('./tenders-tab').then((m) => m.TendersTab), { ssr: false, loading });
const EuProjectsTab = dynamic(() => import('./eu-projects-tab').then((m) => m.EuProjectsTab), { ssr: false, loading });
const CollaborationsTab = dynamic(() => import('./collaborations-tab').then((m) => m.CollaborationsTab), { ssr: false, loading });

/** The tabs, in the order the company page shows them. */
const COMPANY_TABS = [
  { value: 'financiare', label: 'Date financiare' },
  { value: 'grafice', label: 'Grafice' },
  { value: 'contacte', label: 'Contacte' },
  { value: 'reprezentanti', label: 'Reprezentanți' },
  { value: 'licitatii', label: 'Licitații' },
  { value: 'proiecte-europene', label: 'Proiecte europene' },
  { value: 'colaborari', label: 'Colaborări' },
] as const;
type TabValue = (typeof COMPANY_TABS)[number]['value'];

type CompanyTabsProps = {
  details: CompanyDetails;
  years: YearDetails[];
  graph: GraphRow[];
  similar: PagedList<CompanyCardItem>;
  /** Official sources of the blocks ("Sursa: …, date din …"). */
  sources?: readonly DataSourceNote[];
};

export function CompanyTabs({ details, years, graph, similar, sources }: CompanyTabsProps) {
  const [tab, setTab] = React.useState<TabValue>('financiare');
  // Licitații, Proiecte europene and Colaborări load the first time they are opened and keep
  // their state afterwards; Contacte reloads each time it is opened.
  const [opened, setOpened] = React.useState<ReadonlySet<TabValue>>(() => new Set<TabValue>(['financiare']));
  const [contactsVersion, setContactsVersion] = React.useState(0);
  const onChange = (value: string) => {
    const v = value as TabValue;
    setTab(v);
    setOpened((prev) => (prev.has(v) ? prev : new Set([...prev, v])));
    if (v === 'contacte') setContactsVersion((n) => n + 1);
  };
  const company = { Cui: details.Cui, Name: details.Name };
  const keep = (v: TabValue) => (opened.has(v) ? { forceMount: true as const } : {});
  return (
    <Tabs value={tab} onValueChange={onChange} className="flex flex-col" activationMode="manual">
      <TabsList aria-label="Informații despre companie">
        {COMPANY_TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="financiare" forceMount hidden={tab !== 'financiare'}>
        <FinancialTab name={details.Name} years={years} graph={graph} />
        <SourceNote sources={sources} kind="mf" />
      </TabsContent>
      <TabsContent value="grafice" {...keep('grafice')} hidden={tab !== 'grafice'}>
        {opened.has('grafice') ? <ChartsTab details={details} years={years} /> : null}
      </TabsContent>
      <TabsContent value="contacte" {...keep('contacte')} hidden={tab !== 'contacte'}>
        {opened.has('contacte') ? <ContactsTab details={details} reloadKey={contactsVersion} /> : null}
      </TabsContent>
      {/* Server-rendered (representatives and similar companies are part of the page's HTML). */}
      <TabsContent value="reprezentanti" forceMount hidden={tab !== 'reprezentanti'}>
        <RepresentativesTab details={details} similar={similar} active={tab === 'reprezentanti'} />
      </TabsContent>
      <TabsContent value="licitatii" {...keep('licitatii')} hidden={tab !== 'licitatii'}>
        {opened.has('licitatii') ? <TendersTab company={company} /> : null}
        <SourceNote sources={sources} kind="sicap" />
      </TabsContent>
      <TabsContent value="proiecte-europene" {...keep('proiecte-europene')} hidden={tab !== 'proiecte-europene'}>
        {opened.has('proiecte-europene') ? <EuProjectsTab company={company} /> : null}
        <SourceNote sources={sources} kind="eu" />
      </TabsContent>
      <TabsContent value="colaborari" {...keep('colaborari')} hidden={tab !== 'colaborari'}>
        {opened.has('colaborari') ? <CollaborationsTab company={company} /> : null}
      </TabsContent>
    </Tabs>
  );
}
