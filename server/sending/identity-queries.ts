// The author's sender identity read from the database (issue 28): the draft page's preview and
// the test send.
import 'server-only';
import type { SenderPreview } from '@/lib/sending/types';
import { sql } from '../kernel/db';
import { formatAddress, IDENTITY_COLUMNS_SQL, identityOfRow, type IdentityRow, type SenderIdentity } from './identity';

export async function loadIdentity(userId: number): Promise<SenderIdentity & { email: string }> {
  const [r] = await sql<IdentityRow>(`SELECT ${IDENTITY_COLUMNS_SQL('u')} FROM app_user u WHERE u.id = $1`, [userId]);
  return { ...identityOfRow(r), email: r.author_email };
}

export async function senderPreviewOf(userId: number): Promise<SenderPreview> {
  const id = await loadIdentity(userId);
  return { From: formatAddress(id.from), ReplyTo: id.replyTo };
}
