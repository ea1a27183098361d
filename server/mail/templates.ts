// Romanian mail templates in MJML, rendered with mjml2html (async in mjml 5). Each returns the
// subject, the HTML and a plain-text part. Every value that comes from a person is escaped.
import 'server-only';
import mjml2html from 'mjml';
import { env } from '../kernel/env';

type RenderedMail = { subject: string; html: string; text: string };

const BRAND = '#3641b8';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, body: string): string {
  return `<mjml lang="ro">
  <mj-head>
    <mj-title>${escapeHtml(title)}</mj-title>
    <mj-preview>${escapeHtml(title)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Segoe UI, Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="#0f172a" />
      <mj-button background-color="${BRAND}" color="#ffffff" font-size="15px" font-weight="600" border-radius="8px" inner-padding="12px 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f5f9">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="22px" font-weight="700" color="${BRAND}">RadarFirme</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="12px" padding="24px 16px">
      <mj-column>
        ${body}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 24px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#64748b">RadarFirme: informații despre firmele din România. Acest mesaj a fost trimis automat; nu răspundeți la el.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

async function render(title: string, body: string): Promise<string> {
  const out = await mjml2html(layout(title, body), { validationLevel: 'soft', keepComments: false });
  if (out.errors?.length) console.warn('[mail] MJML:', out.errors.map((e) => e.formattedMessage).join('; '));
  return out.html;
}

/**
 * The welcome mail. With `verifyLink` (a registration with a password, or a provider that did not
 * vouch for the address) it is also the mail that confirms the address (036).
 */
export async function renderWelcomeMail(p: { userName: string; verifyLink?: string | null; validHours?: number }): Promise<RenderedMail> {
  if (p.verifyLink) return renderVerificationMail({ userName: p.userName, link: p.verifyLink, validHours: p.validHours ?? 72, welcome: true });
  const subject = 'Bun venit în RadarFirme!';
  const name = escapeHtml(p.userName);
  const appUrl = escapeHtml(env.APP_URL);
  const html = await render(
    subject,
    `<mj-text font-size="20px" font-weight="700">Contul tău a fost creat!</mj-text>
     <mj-text>Bună, ${name}! Îți mulțumim că te-ai înregistrat în RadarFirme.</mj-text>
     <mj-text>Acum poți organiza companiile în grupuri, păstra contactele lor, adăuga comentarii și trimite campanii de e-mail direct din aplicație.</mj-text>
     <mj-button href="${appUrl}">Intră în RadarFirme</mj-button>`,
  );
  const text = `Contul tău a fost creat!\n\nBună, ${p.userName}! Îți mulțumim că te-ai înregistrat în RadarFirme.\nAcum poți organiza companiile în grupuri, păstra contactele lor, adăuga comentarii și trimite campanii de e-mail.\n\n${env.APP_URL}\n`;
  return { subject, html, text };
}

/** The link that confirms the address: at registration (with the welcome) and on "Retrimite". */
export async function renderVerificationMail(p: { userName: string; link: string; validHours: number; welcome?: boolean }): Promise<RenderedMail> {
  // A fixed subject: nothing a person typed (not even their user name) goes into a subject (036).
  const subject = p.welcome ? 'Bun venit în RadarFirme! Confirmă adresa de e-mail' : 'Confirmă adresa de e-mail pentru RadarFirme';
  const link = escapeHtml(p.link);
  const intro = p.welcome
    ? 'Îți mulțumim că te-ai înregistrat în RadarFirme. Mai este un pas: confirmă că această adresă de e-mail este a ta.'
    : 'Ai cerut un nou link de confirmare a adresei de e-mail a contului tău RadarFirme.';
  const html = await render(
    subject,
    `<mj-text font-size="20px" font-weight="700">${p.welcome ? 'Contul tău a fost creat!' : 'Confirmă adresa de e-mail'}</mj-text>
     <mj-text>Bună, ${escapeHtml(p.userName)}! ${intro}</mj-text>
     <mj-text>După confirmare poți trimite campanii de e-mail și invitații în grupuri. Linkul este valabil ${p.validHours} de ore.</mj-text>
     <mj-button href="${link}">Confirmă adresa de e-mail</mj-button>
     <mj-text font-size="13px" color="#475569">Dacă butonul nu funcționează, copiază acest link în browser:<br /><a href="${link}" style="color:${BRAND};word-break:break-all">${link}</a></mj-text>
     <mj-text font-size="13px" color="#475569">Dacă nu ți-ai creat tu un cont RadarFirme, ignoră acest mesaj.</mj-text>`,
  );
  const text = `${p.welcome ? 'Contul tău a fost creat!' : 'Confirmă adresa de e-mail'}\n\nBună, ${p.userName}! ${intro}\nDupă confirmare poți trimite campanii de e-mail și invitații în grupuri. Deschide linkul de mai jos (valabil ${p.validHours} de ore):\n\n${p.link}\n\nDacă nu ți-ai creat tu un cont RadarFirme, ignoră acest mesaj.\n`;
  return { subject, html, text };
}

export async function renderPasswordResetMail(p: { userName: string; link: string; validMinutes: number }): Promise<RenderedMail> {
  const subject = 'Resetarea parolei RadarFirme';
  const link = escapeHtml(p.link);
  const html = await render(
    subject,
    `<mj-text font-size="20px" font-weight="700">Resetarea parolei</mj-text>
     <mj-text>Bună, ${escapeHtml(p.userName)}! Am primit o cerere de resetare a parolei contului tău RadarFirme.</mj-text>
     <mj-text>Apasă butonul de mai jos pentru a alege o parolă nouă. Linkul este valabil ${p.validMinutes} de minute și poate fi folosit o singură dată.</mj-text>
     <mj-button href="${link}">Resetează parola</mj-button>
     <mj-text font-size="13px" color="#475569">Dacă butonul nu funcționează, copiază acest link în browser:<br /><a href="${link}" style="color:${BRAND};word-break:break-all">${link}</a></mj-text>
     <mj-text font-size="13px" color="#475569">Dacă nu ai cerut tu resetarea, ignoră acest mesaj: parola ta rămâne neschimbată.</mj-text>`,
  );
  const text = `Resetarea parolei\n\nBună, ${p.userName}! Am primit o cerere de resetare a parolei contului tău RadarFirme.\nDeschide linkul de mai jos pentru a alege o parolă nouă (valabil ${p.validMinutes} de minute, o singură dată):\n\n${p.link}\n\nDacă nu ai cerut tu resetarea, ignoră acest mesaj: parola ta rămâne neschimbată.\n`;
  return { subject, html, text };
}

/** The generic notice: a title, an introduction and label/value rows (the leave-a-message mail to the operator). */
export async function renderNoticeMail(p: { subject: string; title: string; intro: string; rows: { label: string; value: string }[] }): Promise<RenderedMail> {
  const rows = p.rows
    .map(
      (r) => `<tr><td style="padding:6px 12px 6px 0;color:#475569;vertical-align:top;white-space:nowrap">${escapeHtml(r.label)}</td><td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(r.value)}</td></tr>`,
    )
    .join('');
  const html = await render(
    p.subject,
    `<mj-text font-size="20px" font-weight="700">${escapeHtml(p.title)}</mj-text>
     <mj-text>${escapeHtml(p.intro)}</mj-text>
     <mj-table font-size="15px" line-height="1.5">${rows}</mj-table>`,
  );
  const text = `${p.title}\n\n${p.intro}\n\n${p.rows.map((r) => `${r.label}: ${r.value}`).join('\n')}\n`;
  return { subject: p.subject, html, text };
}

export async function renderLeaveMessageMail(m: { Name: string; PhoneNumber: string; Email: string; Message?: string | null }): Promise<RenderedMail> {
  return renderNoticeMail({
    // The visitor's name stays in the body: no text a person typed goes into a subject (036).
    subject: 'Mesaj nou de pe RadarFirme din formularul „Lasă-ne un mesaj”',
    title: 'Mesaj nou din formularul „Lasă-ne un mesaj”',
    intro: 'Un vizitator a completat formularul de pe pagina principală:',
    rows: [
      { label: 'Nume', value: m.Name },
      { label: 'Telefon', value: m.PhoneNumber },
      { label: 'E-mail', value: m.Email },
      { label: 'Mesaj', value: m.Message?.trim() || '(fără mesaj)' },
    ],
  });
}

/** The invitation to a shared group: who invites, which group, which access, and the link. */
export async function renderGroupInvitationMail(p: { invitedBy: string; groupName: string; accessText: string; link: string; validDays: number; unsubscribeLink?: string }): Promise<RenderedMail> {
  // A fixed subject: the group's name and the inviter's name are free text, so they go only into
  // the body, escaped; a subject is what a phishing relay would need (036).
  const subject = 'Ai fost invitat într-un grup pe RadarFirme';
  const link = escapeHtml(p.link);
  const html = await render(
    subject,
    `<mj-text font-size="20px" font-weight="700">Ai fost invitat într-un grup</mj-text>
     <mj-text>${escapeHtml(p.invitedBy)} te invită să ${escapeHtml(p.accessText)} activitatea grupului „${escapeHtml(p.groupName)}” pe RadarFirme.</mj-text>
     <mj-text>Deschide invitația pentru a o accepta sau respinge. Dacă nu ai încă un cont, te poți înregistra cu această adresă de e-mail. Invitația este valabilă ${p.validDays} zile și poate fi folosită o singură dată.</mj-text>
     <mj-button href="${link}">Vezi invitația</mj-button>
     <mj-text font-size="13px" color="#475569">Dacă butonul nu funcționează, copiază acest link în browser:<br /><a href="${link}" style="color:${BRAND};word-break:break-all">${link}</a></mj-text>${
       p.unsubscribeLink
         ? `\n     <mj-text font-size="12px" color="#475569">Nu mai vrei invitații sau alte mesaje trimise prin RadarFirme? <a href="${escapeHtml(p.unsubscribeLink)}" style="color:${BRAND}">Dezabonare</a></mj-text>`
         : ''
     }`,
  );
  const text = `Ai fost invitat într-un grup\n\n${p.invitedBy} te invită să ${p.accessText} activitatea grupului „${p.groupName}” pe RadarFirme.\nDeschide invitația (valabilă ${p.validDays} zile, o singură dată):\n\n${p.link}\n${p.unsubscribeLink ? `\nDezabonare: ${p.unsubscribeLink}\n` : ''}`;
  return { subject, html, text };
}
