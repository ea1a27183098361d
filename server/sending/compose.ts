// One campaign message for one recipient: the saved design rendered with the recipient's merge
// values (HTML-escaped by the renderer), then the links rewritten to signed tracking links, the
// open pixel, the unsubscribe footer and the bulk-sender headers (List-Unsubscribe and the RFC
// 8058 one-click List-Unsubscribe-Post).
import 'server-only';
import { renderCampaign, type MergeValues } from '../templates/render';
import { env } from '../kernel/env';
import { escapeHtml } from '../mail/templates';
import { clickUrl, listUnsubscribeHeaders, openUrl, unsubscribePageUrl, unsubscribePostUrl } from '../mail/link-tokens';
import { recipientNoticeHtml, recipientNoticeText } from '../privacy/campaign-notice';

type ComposedMessage = { html: string; text: string; headers: Record<string, string> };

const HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;

const unescapeAttr = (v: string) => v.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');

/** Every http(s) link of an <a> goes through /api/track/click with a token signed for that URL. */
function trackLinks(html: string, trackingId: string): string {
  return html.replace(HREF, (_m, start: string, quote: string, raw: string) => {
    const target = unescapeAttr(raw);
    return `${start}${quote}${escapeHtml(clickUrl(trackingId, target))}${quote}`;
  });
}

function insertBeforeBodyEnd(html: string, fragment: string): string {
  const at = html.search(/<\/body\s*>/i);
  return at < 0 ? html + fragment : html.slice(0, at) + fragment + html.slice(at);
}

export async function composeMessage(p: { content: string; values: MergeValues; trackingId: string; tracking?: boolean; senderName?: string | null }): Promise<ComposedMessage> {
  // privacy (issue 30): who sent it, why, and how to object (server/privacy/campaign-notice.ts).
  const notice = { senderName: p.senderName ?? null, companyName: p.values.CompanyName, unsubscribeUrl: unsubscribePageUrl(p.trackingId) };
  const rendered = await renderCampaign(p.content, p.values);
  const tracking = p.tracking ?? env.MAIL_TRACKING === 'on';
  let html = tracking ? trackLinks(rendered.html, p.trackingId) : rendered.html;
  // The footer is added after the rewrite: the unsubscribe link is never a tracked click.
  html = insertBeforeBodyEnd(html, recipientNoticeHtml(notice));
  if (tracking) {
    html = insertBeforeBodyEnd(
      html,
      `<img src="${escapeHtml(openUrl(p.trackingId))}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px;overflow:hidden" />`,
    );
  }
  const text = `${rendered.text}\n\n--\n${recipientNoticeText(notice)}`;
  return {
    html,
    text,
    headers: listUnsubscribeHeaders(unsubscribePostUrl(p.trackingId)),
  };
}
