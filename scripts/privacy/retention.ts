// Deletes the per-person opens and clicks of campaigns older than TRACKING_RETENTION_MONTHS
// (default 12), keeping daily totals per sending (server/personal-data/retention.ts, decision 060), and the
// read notifications older than NOTIFICATION_RETENTION_DAYS (default 180, decision 063), and the
// webhook deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS (default 30, decision 109).
// `npm run privacy:retention` runs once; schedule it daily (cron), or call
// /api/cron/privacy-retention with the CRON_SECRET.
import { closeDb } from '../../server/kernel/db';
import { applyTrackingRetention } from '../../server/personal-data/retention';
import { applyNotificationRetention } from '../../server/watch/retention';
import { INVITATION_KEEP_DAYS, purgeOldInvitations } from '../../server/groups/invitations';
import { purgeOldWebhookDeliveries } from '../../server/webhooks/endpoints';

async function main() {
  const r = await applyTrackingRetention();
  console.log(`[retenție] înainte de ${r.cutoff}: ${r.deleted} deschideri/clicuri șterse, ${r.aggregated} adunate în totalurile pe zi`);
  const n = await applyNotificationRetention();
  console.log(`[retenție] înainte de ${n.cutoff}: ${n.deleted} notificări citite șterse (NOTIFICATION_RETENTION_DAYS)`);
  const i = await purgeOldInvitations();
  console.log(`[retenție] ${i.invitationsDeleted} invitații mai vechi de ${INVITATION_KEEP_DAYS} de zile și ${i.invitationMailsDeleted} intrări ale cotei de invitații șterse`);
  const w = await purgeOldWebhookDeliveries();
  console.log(`[retenție] înainte de ${w.cutoff}: ${w.deleted} livrări webhook șterse (WEBHOOK_DELIVERY_RETENTION_DAYS)`);
  await closeDb();
}

main().catch(async (e) => {
  console.error(e);
  await closeDb().catch(() => {});
  process.exit(1);
});
