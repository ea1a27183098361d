// Search-engine facts of a company page: the meta description built from the company's figures
// and the schema.org Organization JSON-LD.
import 'server-only';
import { formatDate, formatNumber, formatRon } from '@/lib/format';
import { companyPath } from '@/lib/slug';
import { env } from '../kernel/env';
import type { CompanyDetails, YearDetails } from './dto';
import { safeHref } from '@/lib/shared/safe-url';

export function absoluteUrl(path: string): string {
  return new URL(path, env.APP_URL).toString();
}

export function companyUrl(d: Pick<CompanyDetails, 'Cui' | 'Name'>): string {
  return absoluteUrl(companyPath(d.Cui, d.Name));
}

/** 'SC X SRL (CUI 123), Cluj-Napoca, jud. Cluj: cifra de afaceri 2024 1.234 RON, profit …' (≤ 300 chars). */
export function companyDescription(d: CompanyDetails, years: YearDetails[]): string {
  const place = [d.Prefecture, d.County ? `jud. ${d.County}` : null].filter(Boolean).join(', ');
  const parts = [`${d.Name}, CUI ${d.Cui}${place ? `, ${place}` : ''}`];
  const last = years[0];
  if (last) {
    const c = last.CompanyDetails;
    const profit = (c.NetProfit.Value ?? 0) - (c.NetLoss.Value ?? 0);
    parts.push(
      `în ${last.Year}: cifra de afaceri ${formatRon(c.NetTurnover.Value)}, ${profit < 0 ? 'pierdere' : 'profit'} ${formatRon(Math.abs(profit))}, ${formatNumber(c.Employees.Value ?? 0, 0)} angajați`,
    );
  }
  if (d.CaenCode) parts.push(`CAEN ${d.CaenCode}${d.CaenDescription ? ` ${d.CaenDescription}` : ''}`);
  if (d.EstablishmentDate) parts.push(`înființată la ${formatDate(d.EstablishmentDate)}`);
  const text = `${parts.join('; ')}. Date financiare, contacte, licitații și proiecte europene pe RadarFirme.`;
  return text.length > 300 ? `${text.slice(0, 297).trimEnd()}...` : text;
}

export function organizationJsonLd(d: CompanyDetails): Record<string, unknown> {
  const url = companyUrl(d);
  const webLinks = d.SocialMedia.map((s) => safeHref(s.Url)).filter((u): u is string => u !== null);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${url}#organization`,
    name: d.Name,
    url,
    taxID: String(d.Cui),
    vatID: `RO${d.Cui}`,
    ...(d.RegistrationCode ? { identifier: d.RegistrationCode } : {}),
    ...(d.LegalForm ? { legalName: d.Name } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(d.FullAddress ? { streetAddress: d.FullAddress } : {}),
      ...(d.Prefecture ? { addressLocality: d.Prefecture } : {}),
      ...(d.County ? { addressRegion: d.County } : {}),
      ...(d.PostalCode ? { postalCode: d.PostalCode } : {}),
      addressCountry: 'RO',
    },
    ...(d.EstablishmentDate ? { foundingDate: d.EstablishmentDate } : {}),
    ...(d.LastYear != null ? { numberOfEmployees: { '@type': 'QuantitativeValue', value: d.AverageNumberOfEmployees } } : {}),
    ...(d.CaenCode ? { isicV4: d.CaenCode } : {}),
    ...(webLinks.length ? { sameAs: webLinks } : {}),
    // When the page's data last changed (an import, an edit): the same date as the sitemap's lastmod.
    ...(d.LastUpdate ? { subjectOf: { '@type': 'WebPage', url, dateModified: d.LastUpdate } } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the tag. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
