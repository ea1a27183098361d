import { slugify } from '@/lib/slug';

/** The group details page (or its history tab); shared by the list, the details and the invitations. */
export const groupDetailsPath = (g: { Id: number; Name: string }, history = false) =>
  `/Grupuri-email/${g.Id}/${slugify(g.Name) || 'grup'}${history ? '/istoric' : ''}`;
