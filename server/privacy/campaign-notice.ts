// The notice every campaign message carries for its recipient (docs/decisions/060): who sent it,
// why (legitimate interest, the company's public data as the source) and how to object. The
// objection is the unsubscribe link: mail_suppression holds the address for every sender.
import 'server-only';
import { env } from '../kernel/env';
import { escapeHtml } from '../mail/templates';

export type RecipientNoticeInput = { senderName: string | null; companyName: string; unsubscribeUrl: string };

function sentences(p: RecipientNoticeInput) {
  const who = p.senderName ? `${p.senderName}, utilizator RadarFirme,` : 'un utilizator RadarFirme';
  return {
    why: `Ați primit acest mesaj de la ${who} pentru că adresa apare în datele publice ale firmei ${p.companyName}. Temeiul este interesul legitim (art. 6 alin. (1) lit. f din GDPR); sursa sunt datele publice ale firmei.`,
    object: 'Vă puteți opune oricând: după dezabonare, adresa nu mai primește mesaje de la niciun utilizator RadarFirme.',
    more: `${env.APP_URL}/date-personale`,
  };
}

export function recipientNoticeHtml(p: RecipientNoticeInput): string {
  const s = sentences(p);
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color:#3641b8">${text}</a>`;
  return `<div style="padding:16px;text-align:center;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5;color:#475569">${escapeHtml(s.why)} ${escapeHtml(s.object)} ${link(p.unsubscribeUrl, 'Dezabonare')} · ${link(s.more, 'Date personale')}</div>`;
}

export function recipientNoticeText(p: RecipientNoticeInput): string {
  const s = sentences(p);
  return `${s.why}\n${s.object}\nDezabonare: ${p.unsubscribeUrl}\nDate personale: ${s.more}\n`;
}
