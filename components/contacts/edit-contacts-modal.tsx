'use client';

import * as React from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info, Plus, RotateCcw, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import {
  CONTACT_FIELD_MAX,
  CONTACT_TOASTS,
  SOCIAL_URL_MAX,
  contactsFormSchema,
  emptyContactRow,
  socialMediaEditRows,
  socialMediaFormSchema,
  socialMediaToSend,
  type ContactInput,
  type SocialMediaFormInput,
} from '@/lib/contacts/schemas';
import type { ContactDto, ContactEditRights, SocialMediaDto } from '@/lib/contacts/types';
import { ApiError, apiCall } from '@/lib/api/client';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { showErrorToast, toast } from '@/components/layout/toaster';

export type EditContactsCompany = { Cui: number; Name: string };

/** A row as the form holds it: the schema's fields plus whether the caller owns it (for delete). */
type Row = ContactInput & { IsOwn?: boolean };
type ContactsValues = { Contacts: Row[] };

/** Changed inputs get an orange border until saved, reset or closed. */
// The orange mark stays while the field has focus (the kit's focus border would hide it).
const CHANGED = 'border-orange-500 focus-visible:border-orange-500 ring-1 ring-orange-500/40';

const toRow = (c: ContactDto): Row => ({
  Id: c.Id,
  Name: c.Name ?? '',
  Role: c.Role ?? '',
  Email: c.Email ?? '',
  Phone: c.Phone ?? '',
  Private: c.Private,
  IsOwn: c.IsOwn,
});

type Loaded = { rights: ContactEditRights; contacts: ContactDto[]; links: SocialMediaDto[] };

/** What the modal edits: the caller's rights, then the contacts (and links) those rights reach. */
async function fetchEditData(cui: number): Promise<Loaded> {
  const rights = await apiCall('GET /api/Contact/getEditRights', { query: { cui }, background: true });
  const source = rights.CanEditPublic ? 'GET /api/Contact/getByCompanyCui' : 'GET /api/Contact/getContactsByUserId';
  const [contacts, links] = await Promise.all([
    apiCall(source, { query: { cui }, background: true }),
    rights.CanEditPublic ? apiCall('GET /api/SocialMedia/getSocialMediaForCompany', { query: { cui }, background: true }) : Promise.resolve([]),
  ]);
  return { rights, contacts, links };
}

/** Fresh row objects: the form must never write into the saved list it resets to. */
const copyRows = (rows: Row[] | null | undefined): Row[] => (rows ?? []).map((r) => ({ ...r }));

const trimmed = (v: string | null | undefined) => (v ?? '').trim();
const rowKey = (r: Row) => [r.Id ?? 0, trimmed(r.Name), trimmed(r.Role), trimmed(r.Email), trimmed(r.Phone), !!r.Private];
/** True when the rows differ from the saved ones (added, removed or edited). */
export function contactsChanged(current: Row[], saved: Row[]): boolean {
  return JSON.stringify(current.map(rowKey)) !== JSON.stringify(saved.map(rowKey));
}
const linksKey = (rows: Array<{ Platform: string; Url?: string | null }>) => JSON.stringify(socialMediaToSend(rows).map((r) => [r.Platform, trimmed(r.Url)]));

const PRIVATE_TIP = 'Un contact privat este vizibil doar pentru tine.';

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  );
}

function rowErrors(errors: FieldErrors<ContactsValues>, i: number) {
  const e = errors.Contacts?.[i];
  return { Name: e?.Name?.message, Role: e?.Role?.message, Email: e?.Email?.message, Phone: e?.Phone?.message };
}

/**
 * The edit-contacts modal: the Contacte tab (the caller's own contacts; for an Admin or the
 * approved claimant the company's public ones too) and, for them, the Social media tab.
 */
export function EditContactsModal({
  company,
  open,
  onOpenChange,
  onSaved,
}: {
  company: EditContactsCompany | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after any saved change, so the page reloads what it shows. */
  onSaved?: () => void;
}) {
  const [rights, setRights] = React.useState<ContactEditRights | null>(null);
  const [loaded, setLoaded] = React.useState<Row[] | null>(null);
  const [social, setSocial] = React.useState<SocialMediaDto[] | null>(null);
  const [tab, setTab] = React.useState('contacte');
  const [busy, setBusy] = React.useState(false);
  // Bumped on Reset: the inputs are uncontrolled, so they are mounted again to show the saved values.
  const [resetKey, setResetKey] = React.useState(0);
  const [toDelete, setToDelete] = React.useState<{ index: number; row: Row } | null>(null);

  const form = useForm<ContactsValues, unknown, z.output<typeof contactsFormSchema>>({
    resolver: zodResolver(contactsFormSchema) as never,
    defaultValues: { Contacts: [] },
    mode: 'onSubmit',
  });
  const rows = useFieldArray({ control: form.control, name: 'Contacts', keyName: 'key' });
  const socialForm = useForm<SocialMediaFormInput, unknown, z.output<typeof socialMediaFormSchema>>({
    resolver: zodResolver(socialMediaFormSchema),
    defaultValues: { Social: socialMediaEditRows([]) },
  });

  const cui = company?.Cui ?? null;
  const canEditPublic = !!rights?.CanEditPublic;

  const apply = React.useCallback(
    (data: Loaded) => {
      const list = data.contacts.map(toRow);
      setRights(data.rights);
      setLoaded(list);
      setSocial(data.links);
      form.reset({ Contacts: copyRows(list) });
      socialForm.reset({ Social: socialMediaEditRows(data.links) });
    },
    [form, socialForm],
  );

  const load = React.useCallback(async () => {
    if (cui != null) apply(await fetchEditData(cui));
  }, [cui, apply]);

  React.useEffect(() => {
    if (!open || cui == null) return;
    let live = true;
    fetchEditData(cui).then(
      (data) => live && apply(data),
      () => {
        if (!live) return;
        showErrorToast();
        onOpenChange(false);
      },
    );
    return () => {
      live = false;
    };
  }, [open, cui, apply, onOpenChange]);

  const close = (next: boolean) => {
    if (!next) {
      // Closing drops the highlights and unsaved edits.
      form.reset({ Contacts: copyRows(loaded) });
      socialForm.reset({ Social: socialMediaEditRows(social ?? []) });
      // The next opening starts on Contacte with a fresh load.
      setLoaded(null);
      setTab('contacte');
    }
    onOpenChange(next);
  };

  const dirty = form.formState.dirtyFields.Contacts;
  const isChanged = (i: number, field: 'Name' | 'Role' | 'Email' | 'Phone' | 'Private') => !!dirty?.[i]?.[field];

  const saveContacts = form.handleSubmit(async (values) => {
    if (cui == null) return;
    if (!contactsChanged(form.getValues('Contacts') as Row[], loaded ?? [])) {
      toast.warning(CONTACT_TOASTS.noChanges);
      return;
    }
    const onlyNew = values.Contacts.every((c, i) => (c.Id ?? 0) === 0 || !dirty?.[i]);
    setBusy(true);
    try {
      const key = canEditPublic ? 'POST /api/Contact/addOrUpdate' : 'POST /api/Contact/addOrUpdateUnverifiedContacts';
      await apiCall(key, { query: { cui }, body: values.Contacts, background: true });
      // The saved rows (with their new ids) are in the form before the toast says so: an edit typed
      // after the toast is never wiped by a late reload. The save stands even if the reload fails.
      await load().catch(() => {});
      toast.success(onlyNew ? CONTACT_TOASTS.contactAdded : CONTACT_TOASTS.contactsSaved);
      onSaved?.();
    } catch (e) {
      // The server's message (e.g. a 404 for a contact that is no longer there).
      showErrorToast(e instanceof ApiError && e.body?.Message ? e.body?.Message : undefined);
    } finally {
      setBusy(false);
    }
  });

  const saveSocial = socialForm.handleSubmit(async (values) => {
    if (cui == null) return;
    if (linksKey(values.Social) === linksKey(socialMediaEditRows(social ?? []))) {
      toast.warning(CONTACT_TOASTS.noChanges);
      return;
    }
    setBusy(true);
    try {
      await apiCall('POST /api/SocialMedia/addOrUpdate', { query: { cui }, body: socialMediaToSend(values.Social), background: true });
      await load().catch(() => {});
      toast.success(CONTACT_TOASTS.socialSaved);
      onSaved?.();
    } catch {
      showErrorToast();
    } finally {
      setBusy(false);
    }
  });

  const removeRow = (index: number) => {
    const row = form.getValues(`Contacts.${index}`) as Row;
    // An unsaved row only leaves the form; a saved one is deleted on the server after confirmation.
    if (!row.Id) rows.remove(index);
    else setToDelete({ index, row });
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { row } = toDelete;
    try {
      if (row.IsOwn) await apiCall('DELETE /api/Contact/deleteUserContact', { query: { id: row.Id! }, background: true });
      else await apiCall('DELETE /api/Contact/[id]', { params: { id: row.Id! }, background: true });
    } catch (e) {
      showErrorToast();
      throw e;
    }
    toast.success(CONTACT_TOASTS.contactDeleted);
    // Keep the other rows' unsaved edits: drop the row from the form and from the saved list.
    const nextLoaded = (loaded ?? []).filter((r) => r.Id !== row.Id);
    const current = (form.getValues('Contacts') as Row[]).filter((r) => r.Id !== row.Id);
    setLoaded(nextLoaded);
    form.reset({ Contacts: copyRows(nextLoaded) });
    form.reset({ Contacts: copyRows(current) }, { keepDefaultValues: true });
    setToDelete(null);
    onSaved?.();
  };

  const resetAll = () => {
    form.reset({ Contacts: copyRows(loaded) });
    socialForm.reset({ Social: socialMediaEditRows(social ?? []) });
    setResetKey((k) => k + 1);
  };

  const contactsPanel = (
    <form onSubmit={saveContacts} noValidate className="flex flex-col gap-4" aria-label="Contacte">
      {loaded === null ? (
        <div className="flex justify-center py-8">
          <Spinner label="Se încarcă contactele" />
        </div>
      ) : rows.fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{CONTACT_TOASTS.emptyList}</p>
      ) : (
        <ul key={resetKey} className="flex flex-col gap-3" data-testid="contact-rows">
          {rows.fields.map((field, i) => {
            const errs = rowErrors(form.formState.errors, i);
            const id = (f: string) => `contact-${i}-${f}`;
            const text = (f: 'Name' | 'Role' | 'Email' | 'Phone', label: string, type = 'text') => (
              <div className="flex min-w-0 flex-col gap-1">
                <Label htmlFor={id(f)} className="text-xs">
                  {label}
                </Label>
                <Input
                  id={id(f)}
                  type={type}
                  maxLength={CONTACT_FIELD_MAX + 10}
                  aria-invalid={!!errs[f]}
                  aria-describedby={errs[f] ? id(`${f}-error`) : undefined}
                  data-changed={isChanged(i, f) || undefined}
                  className={cn('h-9', isChanged(i, f) && CHANGED)}
                  {...form.register(`Contacts.${i}.${f}`)}
                />
                <FieldError id={id(`${f}-error`)} message={errs[f]} />
              </div>
            );
            const showPrivacy = !canEditPublic || rights?.CanEditAll || (field as Row).IsOwn;
            return (
              <li key={field.key} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]" data-testid="contact-row">
                {text('Name', 'Nume')}
                {text('Role', 'Rol')}
                {text('Phone', 'Telefon', 'tel')}
                {text('Email', 'Email', 'email')}
                <div className="flex items-end justify-between gap-2 sm:col-span-2 lg:col-span-1">
                  {showPrivacy ? (
                    <div className={cn('flex h-9 items-center gap-1.5 rounded-md px-1', isChanged(i, 'Private') && CHANGED)}>
                      <input id={id('Private')} type="checkbox" className="size-4 accent-primary" {...form.register(`Contacts.${i}.Private`)} />
                      <Label htmlFor={id('Private')} className="text-xs">
                        Privat
                      </Label>
                      <SimpleTooltip content={PRIVATE_TIP}>
                        <button type="button" className="text-muted-foreground" aria-label={PRIVATE_TIP}>
                          <Info className="size-4" aria-hidden="true" />
                        </button>
                      </SimpleTooltip>
                    </div>
                  ) : (
                    <span />
                  )}
                  <Button type="button" variant="ghost" size="icon" aria-label={`Șterge contactul ${i + 1}`} onClick={() => removeRow(i)}>
                    <Trash2 aria-hidden="true" className="text-destructive" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => rows.append(emptyContactRow())} disabled={loaded === null}>
          <Plus aria-hidden="true" />
          Adaugă contact
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={resetAll}>
            <RotateCcw aria-hidden="true" />
            Resetează
          </Button>
          <Button type="submit" size="sm" disabled={busy || loaded === null}>
            {busy ? <Spinner size="sm" className="text-current" label="Se salvează" /> : null}
            Salvează contactele
          </Button>
        </div>
      </div>
    </form>
  );

  const socialDirty = socialForm.formState.dirtyFields.Social;
  const socialPanel = (
    <form key={resetKey} onSubmit={saveSocial} noValidate className="flex flex-col gap-3" aria-label="Social media">
      {socialMediaEditRows(social ?? []).map((row, i) => {
        const err = socialForm.formState.errors.Social?.[i]?.Url?.message;
        const inputId = `social-${row.Platform}`;
        const changed = !!socialDirty?.[i]?.Url;
        return (
          <div key={row.Platform} className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:items-center">
            <Label htmlFor={inputId}>{row.Platform}</Label>
            <div className="flex flex-col gap-1">
              <Input
                id={inputId}
                type="url"
                placeholder="https://"
                maxLength={SOCIAL_URL_MAX + 10}
                aria-invalid={!!err}
                aria-describedby={err ? `${inputId}-error` : undefined}
                data-changed={changed || undefined}
                className={cn('h-9', changed && CHANGED)}
                {...socialForm.register(`Social.${i}.Url`)}
              />
              <FieldError id={`${inputId}-error`} message={err} />
            </div>
          </div>
        );
      })}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={resetAll}>
          <RotateCcw aria-hidden="true" />
          Resetează
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          Salvează social media
        </Button>
      </div>
    </form>
  );

  return (
    <>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent size="full" data-testid="edit-contacts-modal">
          <DialogHeader>
            <DialogTitle>Editează contactele · {company?.Name}</DialogTitle>
            <DialogDescription>
              {canEditPublic
                ? 'Modificați contactele companiei și rețelele ei sociale.'
                : 'Contactele adăugate de dumneavoastră pentru această companie. Cele private sunt vizibile doar pentru dumneavoastră.'}
            </DialogDescription>
          </DialogHeader>
          {canEditPublic ? (
            <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-3">
              <TabsList aria-label="Editare">
                <TabsTrigger value="contacte">Contacte</TabsTrigger>
                <TabsTrigger value="social">Social media</TabsTrigger>
              </TabsList>
              <TabsContent value="contacte" hidden={tab !== 'contacte'}>
                {contactsPanel}
              </TabsContent>
              <TabsContent value="social" hidden={tab !== 'social'}>
                {socialPanel}
              </TabsContent>
            </Tabs>
          ) : (
            <section aria-labelledby="contacts-heading" className="flex flex-col gap-3">
              <h3 id="contacts-heading" className="text-base font-semibold">
                Contacte
              </h3>
              {contactsPanel}
            </section>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Închide
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={toDelete != null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={CONTACT_TOASTS.deleteTitle}
        description={CONTACT_TOASTS.deleteText}
        onConfirm={confirmDelete}
      />
    </>
  );
}
