// The address of a group's page, built by the list, the invitations and the details alike.
import { slugify } from '../slug';

/** /Grupuri-email/:id/:slug, or its history page. */
export const groupDetailsPath = (g: { Id: number; Name: string }, history = false) =>
  `/Grupuri-email/${g.Id}/${slugify(g.Name) || 'grup'}${history ? '/istoric' : ''}`;
