'use client';

// What the sending screen shows before Trimite: the consent duty of a commercial sender, and how
// many addresses the draft will reach, skip (unsubscribed or bounced) and how much of the daily
// limit is left. The draft page embeds it with the draft's id.
import * as React from 'react';
import { ShieldAlert } from 'lucide-react';
import { sendingApi } from '@/lib/sending/client';
import type { SendSummary } from '@/lib/sending/types';

const CONSENT_NOTICE =
  'Trimiteți mesaje comerciale doar persoanelor care și-au dat acordul în prealabil (Legea 506/2004 și GDPR). Fiecare mesaj conține un link de dezabonare; adresele dezabonate nu mai primesc mesaje.';

export function ConsentNotice() {
  return (
    <p className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-warning-strong" data-testid="consent-notice">
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{CONSENT_NOTICE}</span>
    </p>
  );
}

/** "N destinatari; M vor fi omiși (X dezabonați, Y adrese respinse)". */
export function describeSummary(s: SendSummary): string[] {
  const lines = [`Destinatari: ${s.WillSend} adrese de email.`];
  if (s.Suppressed) {
    const why = [s.Unsubscribed ? `${s.Unsubscribed} dezabonate` : null, s.Bounced ? `${s.Bounced} respinse de serverul destinatarului` : null].filter(Boolean).join(', ');
    lines.push(`Vor fi omise ${s.Suppressed} adrese (${why}).`);
  }
  if (s.CompaniesWithoutEmail) lines.push(`${s.CompaniesWithoutEmail} firme nu au nicio adresă de email.`);
  lines.push(`Limita zilnică: ${s.DailyLimit} email-uri; mai puteți trimite ${s.RemainingToday} în următoarele 24 de ore.`);
  return lines;
}

/** Issue 28: the From the recipients see and where their answers go (the draft page's preview). */
export function describeSender(s: Pick<SendSummary, 'From' | 'ReplyTo'>): { label: string; value: string }[] {
  return [
    { label: 'Expeditor', value: s.From },
    { label: 'Răspunsurile ajung la', value: s.ReplyTo ?? 'nicio adresă: confirmați adresa de e-mail a contului' },
  ];
}

export function SendNotice({ draftId, refreshKey, onSummary }: { draftId: number; refreshKey?: unknown; onSummary?: (s: SendSummary | null) => void }) {
  const [summary, setSummary] = React.useState<SendSummary | null>(null);
  const report = React.useRef(onSummary);
  React.useEffect(() => {
    report.current = onSummary;
  });
  React.useEffect(() => {
    let live = true;
    const show = (s: SendSummary | null) => {
      if (!live) return;
      setSummary(s);
      report.current?.(s);
    };
    sendingApi.sendSummary(draftId).then(show, () => show(null));
    return () => {
      live = false;
    };
  }, [draftId, refreshKey]);
  return (
    <div className="flex flex-col gap-2" data-testid="send-notice">
      <ConsentNotice />
      {summary ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="sender-identity">
          {describeSender(summary).map((r) => (
            <React.Fragment key={r.label}>
              <dt className="text-muted-foreground">{r.label}:</dt>
              <dd className="min-w-0 break-words font-medium">{r.value}</dd>
            </React.Fragment>
          ))}
        </dl>
      ) : null}
      {summary ? (
        <ul className="text-sm text-muted-foreground">
          {describeSummary(summary).map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
