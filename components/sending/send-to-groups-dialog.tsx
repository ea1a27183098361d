'use client';

// The send-template-to-groups dialog, opened by "Trimite email" on the Grupuri page (the groups
// are given) and by "Trimite" on a template (the template is given, the groups are chosen here).
// Choose a template from all of yours (searchable, page after page; Trimite stays disabled until
// one is chosen), look at it in the preview, then Trimite makes a draft from the template with the
// groups' companies (POST /api/MailSend/createDraftMail) and its page opens after 1.5 s: there are
// the recipients, the suppression count, the consent notice and the confirmed sendMails. Sending
// never skips that page (docs/decisions/027-send-from-template-list.md). With a CRM connected, the
// same groups can also be sent into it (decision 117), without a template.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Eye, Search, Send } from 'lucide-react';
import { draftPath, draftsApi } from '@/lib/drafts/client';
import { DRAFT_LIMITS } from '@/lib/drafts/schemas';
import { groupsApi } from '@/lib/groups/client';
import { sendToGroupsSchema } from '@/lib/sending/schemas';
import { serverMessage } from '@/lib/sending/client';
import { templatesApi } from '@/lib/templates/client';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SuccessDialog } from '@/components/auth/success-dialog';
import { showErrorToast } from '@/components/layout/toaster';
import { PushGroupsToCrm } from '@/components/crm/push-groups-to-crm';
import { ConsentNotice } from './send-notice';
import { usePagedOptions } from './use-paged-options';

export type TemplateOption = { Id: number; Name: string };
type GroupOption = { Id: number; Name: string; CompaniesNumber: number };

const onError = (e: unknown) => showErrorToast(serverMessage(e));

export function SendToGroupsDialog({
  groupIds,
  template,
  open,
  onOpenChange,
}: {
  /** The groups ticked on the Grupuri page; without them the dialog lets the user choose. */
  groupIds?: number[];
  /** The template to preselect (Trimite on the template list or the template page). */
  template?: TemplateOption;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const chooseGroups = !groupIds?.length;
  const [chosen, setChosen] = React.useState<TemplateOption | null>(template ?? null);
  const [pickedGroups, setPickedGroups] = React.useState<Set<number>>(new Set());
  // Keyed by template, so choosing another template hides the previous one's preview.
  const [previewOf, setPreviewOf] = React.useState<{ id: number; html: string } | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [created, setCreated] = React.useState(false);

  const templates = usePagedOptions<TemplateOption>(
    open,
    (SearchText, PageNumber) => templatesApi.list({ OrderBy: 'Name', SearchText, PageNumber }),
    onError,
  );
  const groups = usePagedOptions<GroupOption>(
    open && chooseGroups,
    (SearchText, PageNumber) => groupsApi.getGroups({ OrderBy: 'Name', SearchText, PageNumber, PageSize: 20 }),
    onError,
  );

  const showPreview = async () => {
    if (!chosen) return;
    try {
      const t = await templatesApi.get(chosen.Id);
      const r = await templatesApi.preview(t.Content, null);
      setPreviewOf({ id: chosen.Id, html: r.Html });
    } catch (e) {
      showErrorToast(serverMessage(e));
    }
  };
  const preview = previewOf && chosen && previewOf.id === chosen.Id ? previewOf.html : null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = sendToGroupsSchema.safeParse({ MailTemplateId: chosen?.Id ?? 0, GroupIds: chooseGroups ? [...pickedGroups] : groupIds });
    if (!parsed.success || !chosen || busy) return;
    setBusy(true);
    try {
      const id = await draftsApi.create({ MailTemplateId: parsed.data.MailTemplateId, GroupIds: parsed.data.GroupIds, CompanyIds: [] });
      setCreated(true);
      window.setTimeout(() => router.push(draftPath(id, chosen.Name)), DRAFT_LIMITS.redirectDelayMs);
    } catch (err) {
      showErrorToast(serverMessage(err));
      setBusy(false);
    }
  };

  // The preselected template stays listed (first) even when the loaded page does not hold it.
  const templateItems = templates.items ?? [];
  const pinned = chosen && !templates.text && !templateItems.some((t) => t.Id === chosen.Id) ? [chosen] : [];
  const groupsCount = chooseGroups ? pickedGroups.size : (groupIds?.length ?? 0);

  return (
    <>
      <Dialog open={open && !created} onOpenChange={onOpenChange}>
        <DialogContent size="area">
          <DialogHeader>
            <DialogTitle>Trimite email grupurilor</DialogTitle>
            <DialogDescription>
              {chooseGroups
                ? 'Alegeți template-ul și grupurile; veți verifica destinatarii pe pagina draft-ului înainte de trimitere.'
                : `${groupsCount === 1 ? 'Un grup ales.' : `${groupsCount} grupuri alese.`} Alegeți template-ul; veți verifica destinatarii înainte de trimitere.`}
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" id="send-to-groups">
            <fieldset className="flex min-w-0 flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">Template</legend>
              <SearchBox id="send-to-groups-template-search" label="Caută un template" value={templates.text} onChange={templates.setText} />
              {templates.items === null ? (
                <p className="text-sm text-muted-foreground" role="status">
                  Se încarcă…
                </p>
              ) : templateItems.length + pinned.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nu există template-uri.</p>
              ) : (
                <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border p-2" aria-label="Template-urile dumneavoastră" data-testid="send-templates">
                  {[...pinned, ...templateItems].map((t) => {
                    const id = `send-template-${t.Id}`;
                    return (
                      // py-0.5: rows 28 px apart, so each radio keeps the 24 px target of WCAG 2.2 (2.5.8); 44 px on a phone.
                      <li key={t.Id} className="flex items-center gap-2 py-0.5 max-md:min-h-11">
                        <input
                          type="radio"
                          id={id}
                          name="MailTemplateId"
                          value={t.Id}
                          checked={chosen?.Id === t.Id}
                          onChange={() => setChosen({ Id: t.Id, Name: t.Name })}
                          className="size-4 accent-primary"
                        />
                        <Label htmlFor={id} className="font-normal">
                          {t.Name}
                        </Label>
                      </li>
                    );
                  })}
                </ul>
              )}
              {templates.hasMore ? (
                <Button type="button" variant="link" size="sm" className="self-start" disabled={templates.loading} onClick={templates.loadMore}>
                  Mai multe template-uri
                </Button>
              ) : null}
            </fieldset>
            {chooseGroups ? (
              <fieldset className="flex min-w-0 flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">Grupuri</legend>
                <p className="text-sm text-muted-foreground">
                  Firmele grupurilor bifate devin destinatarii draft-ului; se pot alege doar grupurile care au firme. Fără grupuri, draft-ul se creează gol și
                  firmele se adaugă pe pagina lui.
                </p>
                <SearchBox id="send-to-groups-group-search" label="Caută un grup" value={groups.text} onChange={groups.setText} />
                {groups.items === null ? (
                  <p className="text-sm text-muted-foreground" role="status">
                    Se încarcă…
                  </p>
                ) : groups.items.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nu există elemente!</p>
                ) : (
                  <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border p-2" aria-label="Grupurile dumneavoastră" data-testid="send-groups">
                    {groups.items.map((g) => {
                      const id = `send-group-${g.Id}`;
                      return (
                        <li key={g.Id} className="flex items-center gap-2 max-md:min-h-11">
                          {g.CompaniesNumber > 0 ? (
                            <>
                              <Checkbox
                                id={id}
                                checked={pickedGroups.has(g.Id)}
                                onCheckedChange={(v) =>
                                  setPickedGroups((prev) => {
                                    const next = new Set(prev);
                                    if (v === true) next.add(g.Id);
                                    else next.delete(g.Id);
                                    return next;
                                  })
                                }
                              />
                              <Label htmlFor={id} className="font-normal">
                                {g.Name} <span className="text-muted-foreground">({g.CompaniesNumber} firme)</span>
                              </Label>
                            </>
                          ) : (
                            <>
                              <span className="inline-block size-5" aria-hidden="true" />
                              <span className="text-sm text-muted-foreground">{g.Name} (fără firme)</span>
                            </>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
                {groups.hasMore ? (
                  <Button type="button" variant="link" size="sm" className="self-start" disabled={groups.loading} onClick={groups.loadMore}>
                    Mai multe grupuri
                  </Button>
                ) : null}
              </fieldset>
            ) : null}
            <PushGroupsToCrm groupIds={chooseGroups ? [...pickedGroups] : (groupIds ?? [])} />
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
            <Button type="submit" form="send-to-groups" disabled={!chosen || busy}>
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

function SearchBox({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        placeholder={label}
        className="pl-8"
      />
    </div>
  );
}
