'use client';

// The draft page (/Template-uri/Draft/:draftId/:name): subject and description with counters, the
// editor and the companies tab, Salvare ca draft, and Trimite (confirmed; sending itself belongs to
// the sending domain). A draft that cannot be loaded sends the user to the drafts list.
import { SendNotice } from '@/components/sending/send-notice';
import { TestSendButton } from '@/components/sending/test-send-dialog';
import { SendDialog, type SendChoice } from '@/components/sending/send-dialog';
import { bucharestToUtc } from '@/lib/sending/schedule';
import { formatDateTime } from '@/lib/format';
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Send } from 'lucide-react';
import { DRAFT_TOASTS, draftsApi } from '@/lib/drafts/client';
import { DRAFT_LIMITS, draftFormSchema, type DraftFormInput } from '@/lib/drafts/schemas';
import type { MailDraftDetails } from '@/lib/drafts/types';
import { GROUP_LIMITS } from '@/lib/groups/schemas';
import { ApiError } from '@/lib/api/client';
import { serverMessage } from '@/lib/templates/client';
import { SuccessDialog } from '@/components/auth/success-dialog';
import { FormField } from '@/components/auth/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { DraftCompanies } from './draft-companies';
import { EmailEditor, type EmailEditorHandle } from './email-editor';
import { PreviewButton } from './preview-dialog';
import { DraftSegment } from '@/components/prospecting/draft-segment';

export function DraftPageLoader({ draftId }: { draftId: number }) {
  const router = useRouter();
  const [draft, setDraft] = React.useState<MailDraftDetails | null>(null);
  React.useEffect(() => {
    let live = true;
    draftsApi.get(draftId).then(
      (d) => live && setDraft(d),
      (e) => {
        if (!live) return;
        showErrorToast(serverMessage(e) ?? undefined);
        router.replace('/Drafturi-email');
      },
    );
    return () => {
      live = false;
    };
  }, [draftId, router]);
  if (!draft) {
    return (
      <div className="flex h-64 items-center justify-center" aria-busy="true">
        <span className="sr-only">Se încarcă draft-ul…</span>
      </div>
    );
  }
  return <DraftPage draft={draft} />;
}

const DRAFT_FORM_ID = 'draft-form';

function DraftPage({ draft }: { draft: MailDraftDetails }) {
  const router = useRouter();
  const [editor, setEditor] = React.useState<EmailEditorHandle | null>(null);
  const [tab, setTab] = React.useState('editor');
  const [companies, setCompanies] = React.useState(draft.CompaniesNumber);
  const [saving, setSaving] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [sent, setSent] = React.useState(false);
  // Issue 27: a saved search the draft also targets; the summary counts its companies now.
  const [hasSegment, setHasSegment] = React.useState(draft.Segment !== null);
  const [segmentVersion, setSegmentVersion] = React.useState(0);
  const [reach, setReach] = React.useState<number | null>(null);

  const form = useForm<DraftFormInput>({
    resolver: zodResolver(draftFormSchema),
    defaultValues: { Name: draft.Name, Description: draft.Description },
  });
  const name = useWatch({ control: form.control, name: 'Name' }) ?? '';
  const description = useWatch({ control: form.control, name: 'Description' }) ?? '';

  const save = async (values: DraftFormInput, toast = true): Promise<boolean> => {
    if (!editor) return false;
    const parsed = draftFormSchema.parse(values);
    setSaving(true);
    try {
      await draftsApi.edit({ Id: draft.Id, Name: parsed.Name, Description: parsed.Description, Content: editor.getContent(), CompanyIds: [], GroupIds: [] });
      if (toast) showSuccessToast(DRAFT_TOASTS.saved);
      form.reset(parsed);
      return true;
    } catch (e) {
      const fields = e instanceof ApiError ? e.body?.Errors : undefined;
      for (const key of ['Name', 'Description'] as const) {
        const msg = fields?.[key]?.[0];
        if (msg) form.setError(key, { message: msg });
      }
      showErrorToast(serverMessage(e) ?? undefined);
      return false;
    } finally {
      setSaving(false);
    }
  };

  // Sending: the draft is saved first, so what is sent is what the user sees.
  const send = async (choice: SendChoice = { ScheduledAt: null, UseWindow: false }) => {
    const valid = await form.trigger();
    if (!valid || !editor) {
      setTab('editor');
      throw new Error('invalid');
    }
    if (!(await save(form.getValues(), false))) throw new Error('not saved');
    try {
      await draftsApi.send(draft.Id, editor.getHtml(), choice);
      showSuccessToast(choice.ScheduledAt ? `Trimiterea a fost programată pentru ${formatDateTime(bucharestToUtc(choice.ScheduledAt))}.` : DRAFT_TOASTS.sent);
      setSent(true);
      window.setTimeout(() => router.push('/Emailuri-trimise'), DRAFT_LIMITS.redirectDelayMs);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  const hasTargets = companies > 0 || hasSegment;
  const canSend = !!editor && hasTargets && !saving;
  const sendButton = (
    <Button type="button" disabled={!canSend} onClick={() => setConfirming(true)}>
      <Send aria-hidden="true" />
      Trimite
    </Button>
  );
  const errors = form.formState.errors;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{draft.TemplateName ?? draft.Name}</h1>
        <Badge variant="warning">[Draft]</Badge>
      </div>
      <div className="flex flex-col gap-5">
        {/* Only the subject and the description are the form: the companies tab has forms of its own
            (search), and a form inside a form would also submit this one (save the draft) on a search. */}
        <form id={DRAFT_FORM_ID} noValidate onSubmit={form.handleSubmit(async (v) => void (await save(v)))} className="grid gap-5 lg:grid-cols-2">
          <FormField id="draft-subject" label="Subiectul email-ului" errors={[errors.Name?.message]}>
            {(a11y) => (
              <div className="flex flex-col gap-1">
                <Input {...a11y} {...form.register('Name')} autoComplete="off" maxLength={DRAFT_LIMITS.subjectMax + 50} />
                <p className="self-end text-xs text-muted-foreground" data-testid="draft-subject-counter">
                  {name.length}/{DRAFT_LIMITS.subjectMax}
                </p>
              </div>
            )}
          </FormField>
          <FormField id="draft-description" label="Descriere" errors={[errors.Description?.message]}>
            {(a11y) => (
              <div className="flex flex-col gap-1">
                <Textarea {...a11y} {...form.register('Description')} rows={2} maxLength={GROUP_LIMITS.descriptionMax + 50} />
                <p className="self-end text-xs text-muted-foreground">
                  {description.length}/{GROUP_LIMITS.descriptionMax}
                </p>
              </div>
            )}
          </FormField>
        </form>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Conținutul draft-ului">
            <TabsTrigger value="editor">Editor</TabsTrigger>
            <TabsTrigger value="firme">Listă firme ({companies})</TabsTrigger>
          </TabsList>
          {/* The editor stays mounted while the companies tab shows, so nothing typed is lost. */}
          <TabsContent value="editor" forceMount className="pt-4">
            <EmailEditor initialContent={draft.Content} onReady={setEditor} label="Editorul vizual al email-ului" />
          </TabsContent>
          <TabsContent value="firme" className="pt-4">
            <DraftCompanies draftId={draft.Id} onCountChange={setCompanies} />
          </TabsContent>
        </Tabs>
        {/* Who will be reached or skipped (unsubscribed, bounced, no address) and the consent duty. */}
        <DraftSegment
          draftId={draft.Id}
          initial={draft.Segment}
          onChange={(has) => {
            setHasSegment(has);
            setSegmentVersion((v) => v + 1);
          }}
        />
        <SendNotice draftId={draft.Id} refreshKey={`${companies}-${segmentVersion}`} onSummary={(s) => setReach(s?.Companies ?? null)} />
        <div className="flex flex-wrap justify-end gap-2">
          <PreviewButton getContent={() => editor?.getContent() ?? null} disabled={!editor} />
          <TestSendButton draftId={draft.Id} disabled={!canSend} beforeSend={() => save(form.getValues(), false)} />
          <Button type="submit" form={DRAFT_FORM_ID} variant="outline" disabled={!editor || saving}>
            <Save aria-hidden="true" />
            Salvare ca draft
          </Button>
          {!hasTargets ? (
            <SimpleTooltip content={DRAFT_TOASTS.noCompanies}>
              {/* A disabled button takes no focus or hover: the wrapper carries the tooltip. */}
              <span tabIndex={0} aria-label={`Trimite: ${DRAFT_TOASTS.noCompanies}`} className="inline-flex rounded-md">
                {sendButton}
              </span>
            </SimpleTooltip>
          ) : (
            sendButton
          )}
        </div>
      </div>
      <SendDialog open={confirming} onOpenChange={setConfirming} companies={reach ?? companies} onSend={send} />
      <SuccessDialog open={sent} title="Email-ul a fost trimis" description="Vă ducem la email-urile trimise…" />
    </div>
  );
}
