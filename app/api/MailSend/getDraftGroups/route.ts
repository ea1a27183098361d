import { apiRoute } from '@/server/http/route';
import { findDraftGroups } from '@/server/drafts/queries';

export const dynamic = 'force-dynamic';

// Ours (not in the product's API list): the groups of the draft page's filter and add-groups
// dialog, with the counts both need, in one call.
export const GET = apiRoute('GET /api/MailSend/getDraftGroups', {
  handler: ({ actor, query }) => findDraftGroups(actor, query.groupedMailId),
});
