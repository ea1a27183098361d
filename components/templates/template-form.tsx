'use client';

// Add and edit a template (/Template-uri/Adauga, /Template-uri/Editare/:id/:name): title, tags,
// description and the visual editor; Salvare, and on edit Trimite (saves, then the
// send-template-to-groups dialog opens with this template chosen).
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Send } from 'lucide-react';
import { GROUP_LIMITS } from '@/lib/groups/schemas';
import { ApiError } from '@/lib/api/client';
import { serverMessage, TEMPLATE_TOASTS, templatesApi } from '@/lib/templates/client';
import { templateFormSchema, type TemplateFormInput } from '@/lib/templates/schemas';
import type { MailTemplateDetails } from '@/lib/templates/types';
import { SuccessDialog } from '@/components/auth/success-dialog';
import { FormField } from '@/components/auth/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { EmailEditor, type EmailEditorHandle } from './email-editor';
import { PreviewButton } from './preview-dialog';
import { TagsInput } from './tags-input';
import { openSendToGroups, SendToGroupsHost } from '@/components/sending/send-to-groups-host';

export function TemplateForm({ template }: { template: MailTemplateDetails | null }) {
  const router = useRouter();
  const editing = template !== null;
  const [editor, setEditor] = React.useState<EmailEditorHandle | null>(null);
  const [tags, setTags] = React.useState<string[]>([]);
  const [saving, setSaving] = React.useState(false);
  const [added, setAdded] = React.useState(false);

  const form = useForm<TemplateFormInput>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: { Name: template?.Name ?? '', Description: template?.Description ?? '', Tags: template?.Tags ?? [] },
  });
  const description = useWatch({ control: form.control, name: 'Description' }) ?? '';

  React.useEffect(() => {
    templatesApi.tags().then(setTags, () => setTags([]));
  }, []);

  const save = async (values: TemplateFormInput): Promise<{ Id: number; Name: string } | null> => {
    if (!editor) return null;
    const parsed = templateFormSchema.parse(values);
    const body = { Name: parsed.Name, Description: parsed.Description, Tags: parsed.Tags, Content: editor.getContent() };
    setSaving(true);
    try {
      if (editing) {
        const saved = await templatesApi.edit({ ...body, Id: template.Id });
        showSuccessToast(TEMPLATE_TOASTS.saved);
        form.reset({ Name: saved.Name, Description: saved.Description, Tags: saved.Tags });
        return saved;
      }
      await templatesApi.add(body);
      setAdded(true);
      window.setTimeout(() => router.push('/Template-uri'), 1500);
      return null;
    } catch (e) {
      const fields = e instanceof ApiError ? e.body?.Errors : undefined;
      for (const key of ['Name', 'Description', 'Tags'] as const) {
        const msg = fields?.[key]?.[0];
        if (msg) form.setError(key, { message: msg });
      }
      showErrorToast(serverMessage(e) ?? undefined);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const errors = form.formState.errors;
  return (
    <>
      <form
        noValidate
        onSubmit={(e) => {
          // Only this form's own submit: the editor inside it has forms of its own (GrapesJS's
          // asset manager, "Adaugă imagine"). GrapesJS 0.23 stops that submit before it bubbles
          // (seen in Chromium), so this guards against an editor that does not.
          if (e.target !== e.currentTarget) return;
          void form.handleSubmit(async (v) => void (await save(v)))(e);
        }}
        className="flex flex-col gap-5"
      >
        <div className="grid gap-5 lg:grid-cols-2">
          <FormField id="template-name" label="Titlu" errors={[errors.Name?.message]}>
            {(a11y) => <Input {...a11y} {...form.register('Name')} autoComplete="off" maxLength={GROUP_LIMITS.nameMax + 20} />}
          </FormField>
          <FormField id="template-tags" label="Tag-uri categorii" errors={[errors.Tags?.message, ...(Array.isArray(errors.Tags) ? errors.Tags.map((t) => t?.message) : [])]}>
            {(a11y) => (
              <Controller
                control={form.control}
                name="Tags"
                render={({ field }) => <TagsInput {...a11y} value={field.value ?? []} onChange={field.onChange} suggestions={tags} />}
              />
            )}
          </FormField>
        </div>
        <FormField id="template-description" label="Descriere" errors={[errors.Description?.message]}>
          {(a11y) => (
            <div className="flex flex-col gap-1">
              <Textarea {...a11y} {...form.register('Description')} rows={3} />
              <p className="self-end text-xs text-muted-foreground" aria-live="polite">
                {description.length}/{GROUP_LIMITS.descriptionMax}
              </p>
            </div>
          )}
        </FormField>
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">Conținutul email-ului</h2>
          <p className="text-sm text-muted-foreground">
            Trageți blocurile din panoul din dreapta în email; dublu clic pe un text pentru a-l scrie. Câmpurile personalizate (nume firmă, CUI, județ,
            activitate CAEN, nume contact) se inserează din bara de formatare a textului și se completează pentru fiecare firmă la trimitere.
          </p>
          <EmailEditor initialContent={template?.Content ?? ''} onReady={setEditor} label="Editorul vizual al email-ului" />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <PreviewButton getContent={() => editor?.getContent() ?? null} disabled={!editor} />
          {editing ? (
            <Button
              type="button"
              variant="outline"
              disabled={!editor || saving}
              onClick={form.handleSubmit(async (v) => {
                const saved = await save(v);
                if (saved) openSendToGroups({ template: { Id: saved.Id, Name: saved.Name } });
              })}
            >
              <Send aria-hidden="true" />
              Trimite
            </Button>
          ) : null}
          <Button type="submit" disabled={!editor || saving}>
            <Save aria-hidden="true" />
            Salvare
          </Button>
        </div>
        <SuccessDialog open={added} title={TEMPLATE_TOASTS.added} description="Vă ducem la lista de template-uri…" />
      </form>
      {/* Outside the form: React events bubble through the dialog's portal, and its submit must not save the template. */}
      {editing ? <SendToGroupsHost /> : null}
    </>
  );
}

/** The edit page's loader: a template that cannot be loaded sends the user back to the list. */
export function EditTemplate({ templateId }: { templateId: number }) {
  const router = useRouter();
  const [template, setTemplate] = React.useState<MailTemplateDetails | null>(null);
  React.useEffect(() => {
    let live = true;
    templatesApi.get(templateId).then(
      (t) => live && setTemplate(t),
      (e) => {
        if (!live) return;
        showErrorToast(serverMessage(e) ?? undefined);
        router.replace('/Template-uri');
      },
    );
    return () => {
      live = false;
    };
  }, [templateId, router]);
  if (!template) {
    return (
      <div className="flex h-64 items-center justify-center" aria-busy="true">
        <span className="sr-only">Se încarcă template-ul…</span>
      </div>
    );
  }
  return <TemplateForm template={template} />;
}
