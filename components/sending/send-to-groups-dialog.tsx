'use client';

// "Trimite email" for the groups ticked on the Grupuri page: choose a template (Trimite stays
// disabled until one is chosen), look at it in the preview, then a draft is made from the template
// with the groups' companies and its page opens after 1.5 s, where the recipients, the consent
// notice and the final confirmation are. Sending never skips that page.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, Send } from 'lucide-react';
import { api } from '@/lib/api-client';
import { slugify } from '@/lib/slug';
import { sendToGroupsSchema, type SendToGroupsInput } from '@/lib/sending/schemas';
import { serverMessage } from '@/lib/sending/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SuccessDialog } from '@/components/auth/success-dialog';
import { showErrorToast } from '@/components/layout/toaster';
import { ConsentNotice } from './send-notice';

type TemplateOption = { Id: number; Name: string };

export function SendToGroupsDialog({ groupIds, open, onOpenChange }: { groupIds: number[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const [templates, setTemplates] = React.useState<TemplateOption[] | null>(null);
  // Keyed by template, so choosing another template hides the previous one's preview.
  const [previewOf, setPreviewOf] = React.useState<{ id: number; html: string } | null>(null);
  const [created, setCreated] = React.useState(false);
  const form = useForm<SendToGroupsInput>({ resolver: zodResolver(sendToGroupsSchema), defaultValues: { MailTemplateId: 0, GroupIds: groupIds } });
  const chosen = useWatch({ control: form.control, name: 'MailTemplateId' });

  React.useEffect(() => {
    if (!open) return;
    form.reset({ MailTemplateId: 0, GroupIds: groupIds });
    api.get<{ Items: TemplateOption[] }>('/api/MailTemplate/getPagedMailTemplate', { OrderBy: 'Name', PageNumber: 1 }, { background: true }).then(
      (r) => setTemplates(r.Items),
      (e) => {
        setTemplates([]);
        showErrorToast(serverMessage(e));
      },
    );
  }, [open, groupIds, form]);

  const showPreview = async () => {
    try {
      const t = await api.get<{ Content: string }>('/api/MailTemplate/get', { id: Number(chosen) });
      const r = await api.post<{ Html: string }>('/api/MailTemplate/preview', { Content: t.Content, Cui: null });
      setPreviewOf({ id: Number(chosen), html: r.Html });
    } catch (e) {
      showErrorToast(serverMessage(e));
    }
  };

  const preview = previewOf && previewOf.id === Number(chosen) ? previewOf.html : null;

  const submit = form.handleSubmit(async (v) => {
    try {
      const id = await api.post<number>('/api/MailSend/createDraftMail', { MailTemplateId: v.MailTemplateId, GroupIds: v.GroupIds, CompanyIds: [] });
      const name = templates?.find((t) => t.Id === Number(v.MailTemplateId))?.Name ?? 'draft';
      setCreated(true);
      window.setTimeout(() => router.push(`/Template-uri/Draft/${id}/${slugify(name) || 'draft'}`), 1500);
    } catch (e) {
      showErrorToast(serverMessage(e));
    }
  });

  return (
    <>
      <Dialog open={open && !created} onOpenChange={onOpenChange}>
        <DialogContent size={preview ? 'full' : 'lg'}>
          <DialogHeader>
            <DialogTitle>Trimite email grupurilor</DialogTitle>
            <DialogDescription>
              {groupIds.length === 1 ? 'Un grup ales.' : `${groupIds.length} grupuri alese.`} Alegeți template-ul; veți verifica destinatarii înainte de trimitere.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4" id="send-to-groups">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="send-to-groups-template">Template</Label>
              <Controller
                control={form.control}
                name="MailTemplateId"
                render={({ field }) => (
                  <Select value={field.value ? String(field.value) : ''} onValueChange={(v) => field.onChange(Number(v))} disabled={!templates?.length}>
                    <SelectTrigger id="send-to-groups-template" aria-label="Template">
                      <SelectValue placeholder={templates === null ? 'Se încarcă…' : templates.length ? 'Alege template-ul' : 'Nu există template-uri'} />
                    </SelectTrigger>
                    <SelectContent>
                      {(templates ?? []).map((t) => (
                        <SelectItem key={t.Id} value={String(t.Id)}>
                          {t.Name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <ConsentNotice />
            {preview !== null ? (
              <iframe title="Previzualizare email" sandbox="" srcDoc={preview} className="h-[50vh] w-full rounded-md border bg-white" />
            ) : null}
          </form>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={!chosen} onClick={() => void showPreview()}>
              <Eye aria-hidden="true" />
              Previzualizare
            </Button>
            <Button type="submit" form="send-to-groups" disabled={!chosen || form.formState.isSubmitting}>
              <Send aria-hidden="true" />
              Trimite
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <SuccessDialog open={created} title="Draft-ul a fost creat" description="Vă ducem la pagina draft-ului pentru verificare și trimitere…" />
    </>
  );
}
