import { apiRoute } from '@/server/http/route';
import { applyTrackingRetention } from '@/server/personal-data/retention';
import { applyNotificationRetention } from '@/server/watch/retention';
import { purgeOldInvitations } from '@/server/groups/invitations';
import { purgeOldWebhookDeliveries } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';
export const maxDuration = 60;

// Called by a scheduler once a day (Authorization: Bearer CRON_SECRET) or by scripts/privacy/retention.ts.
const def = {
  handler: async () => {
    const r = await applyTrackingRetention();
    const n = await applyNotificationRetention();
    const i = await purgeOldInvitations();
    const w = await purgeOldWebhookDeliveries();
    return {
      Cutoff: r.cutoff,
      Deleted: r.deleted,
      Aggregated: r.aggregated,
      NotificationsCutoff: n.cutoff,
      NotificationsDeleted: n.deleted,
      InvitationsDeleted: i.invitationsDeleted,
      InvitationMailsDeleted: i.invitationMailsDeleted,
      WebhookDeliveriesCutoff: w.cutoff,
      WebhookDeliveriesDeleted: w.deleted,
    };
  },
};

export const GET = apiRoute('GET /api/cron/privacy-retention', def);
export const POST = apiRoute('POST /api/cron/privacy-retention', def);
