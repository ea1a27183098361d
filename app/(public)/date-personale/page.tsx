// What RadarFirme does with personal data, and the form to hide a person's data from the public
// pages (docs/decisions/059, docs/privacy.md). Public and indexable: people look for it.
import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { TakedownForm } from '@/components/privacy/takedown-form';
import { retentionText } from '@/lib/privacy/retention';
import { env } from '@/server/kernel/env';
import { parseCui } from '@/lib/cui';

export const metadata: Metadata = {
  title: 'Date personale',
  description: 'Ce date personale publică RadarFirme, de ce, cât timp le păstrăm și cum cereți ascunderea lor.',
  alternates: { canonical: '/date-personale' },
};

export default async function PersonalDataPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const raw = typeof sp.cui === 'string' ? sp.cui.trim() : '';
  const cui = parseCui(raw);
  return (
    <PageContainer>
      <SectionPageHeader title="Date personale" path="/date-personale" description="Ce date despre persoane apar pe RadarFirme și cum cereți ascunderea lor." />
      <div className="grid gap-8 lg:grid-cols-[1fr_26rem]">
        <article className="flex max-w-3xl flex-col gap-4 text-base leading-relaxed">
          <h2 className="text-xl font-semibold">Ce date publicăm și de unde provin</h2>
          <p>
            Paginile companiilor arată numele, rolul și, uneori, e-mailul și telefonul reprezentanților și ale persoanelor de contact. Datele provin din registre
            publice (Registrul Comerțului, Ministerul Finanțelor, SEAP) și din contactele adăugate de utilizatori sau de firma însăși.
          </p>
          <h2 className="text-xl font-semibold">De ce le prelucrăm</h2>
          <p>
            Temeiul este interesul legitim (art. 6 alin. (1) lit. f din Regulamentul (UE) 2016/679): informarea despre partenerii de afaceri și transparența
            mediului economic. Nu vindem date și nu le folosim pentru decizii automate.
          </p>
          <h2 className="text-xl font-semibold">Cât timp le păstrăm</h2>
          <p>
            Datele din registre rămân cât timp sunt publice la sursă. {retentionText(env.TRACKING_RETENTION_MONTHS)} Jurnalul acțiunilor administratorilor se păstrează trei ani.
          </p>
          <h2 className="text-xl font-semibold">Drepturile dumneavoastră</h2>
          <p>
            Puteți cere accesul, rectificarea, ștergerea sau ascunderea datelor și vă puteți opune prelucrării. Pentru ascunderea datelor unei persoane de pe
            paginile publice, completați formularul: vă trimitem un e-mail de confirmare, iar după confirmare un administrator analizează cererea în cel mult
            30 de zile. O cerere acceptată ascunde numele, e-mailul și telefonul persoanei de pe paginile publice, din căutare, din exporturi și din API, și
            după actualizările ulterioare ale datelor.
          </p>
          <p>
            Destinatarii campaniilor trimise prin RadarFirme se pot opune oricând prin linkul de dezabonare din fiecare mesaj: adresa nu mai primește mesaje de
            la niciun expeditor. Utilizatorii cu cont își pot descărca datele și își pot șterge contul din pagina contului. Vă puteți adresa și Autorității
            Naționale de Supraveghere a Prelucrării Datelor cu Caracter Personal (ANSPDCP).
          </p>
        </article>
        <section aria-labelledby="takedown-title" className="flex flex-col gap-4 rounded-lg border bg-card p-6" id="formular">
          <h2 id="takedown-title" className="text-lg font-semibold">
            Cerere de ascundere a datelor
          </h2>
          <TakedownForm cui={null} key={cui ?? 0} defaultCui={cui} />
        </section>
      </div>
    </PageContainer>
  );
}
