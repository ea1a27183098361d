// A company page's address as any client would build it from the documented rule (not the app's
// lib/slug.ts, so a drift of the app's rule shows): no trimming of a leading or trailing dash.
export const documentedSlug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/\W+/g, '-');

export const companyUrl = (d: { Cui: number; Name: string }) => `/company-details/${d.Cui}/${documentedSlug(d.Name) || 'firma'}`;
