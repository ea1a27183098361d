'use client';

// Invite someone to a group by email address, with an access level from getPermisions (the first
// is the default). The address may belong to a user or to someone who registers later.
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_ACCESS, inviteFormSchema, type InviteFormInput } from '@/lib/groups/schemas';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import type { Permission } from '@/lib/groups/types';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { AccessLevelSelect, MembersList } from './members-dialog';
import { FormDialogFooter } from '@/components/shared/name-form-dialog';

export function InviteDialog({ group, onOpenChange }: { group: { Id: number; Name: string } | null; onOpenChange: (open: boolean) => void }) {
  const [levels, setLevels] = React.useState<Permission[]>([]);
  const [problem, setProblem] = React.useState<string | null>(null);
  const form = useForm<InviteFormInput>({ resolver: zodResolver(inviteFormSchema), defaultValues: { Email: '', Access: DEFAULT_ACCESS } });
  const { reset, getFieldState, setValue } = form;

  React.useEffect(() => {
    if (!group) return;
    // Empty when it opens; the access levels arrive later and only set the default level, and only
    // if the user has not chosen one: what was typed meanwhile stays (a late answer used to reset
    // the whole form and wipe the address).
    reset({ Email: '', Access: DEFAULT_ACCESS });
    let live = true;
    groupsApi
      .getPermisions()
      .then((l) => {
        if (!live) return;
        setLevels(l);
        if (l[0] && !getFieldState('Access').isDirty) setValue('Access', l[0].Id);
      })
      .catch(() => live && setLevels([]));
    return () => {
      live = false;
    };
  }, [group, reset, getFieldState, setValue]);

  const submit = form.handleSubmit(async (v) => {
    if (!group) return;
    setProblem(null);
    try {
      const parsed = inviteFormSchema.parse(v);
      await groupsApi.invite({ Email: parsed.Email, GroupId: group.Id, Access: parsed.Access });
      showSuccessToast(GROUP_TOASTS.inviteSent);
      setProblem(null);
      onOpenChange(false);
    } catch (e) {
      const message = serverMessage(e);
      if (message) setProblem(message);
      else showErrorToast();
    }
  });

  return (
    <Dialog
      open={group !== null}
      onOpenChange={(o) => {
        if (!o) setProblem(null);
        onOpenChange(o);
      }}
    >
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>Invită în grup</DialogTitle>
          <DialogDescription>{group ? `Trimiteți o invitație în grupul „${group.Name}”.` : ''}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormAlert message={problem} />
          <FormField id="invite-email" label="Email" errors={[form.formState.errors.Email?.message]}>
            {(a11y) => <Input {...a11y} type="email" autoComplete="email" {...form.register('Email')} />}
          </FormField>
          <FormField id="invite-access" label="Nivel de acces" errors={[form.formState.errors.Access?.message]}>
            {(a11y) => (
              <Controller
                control={form.control}
                name="Access"
                render={({ field }) => <AccessLevelSelect {...a11y} levels={levels} value={field.value} onValueChange={field.onChange} />}
              />
            )}
          </FormField>
          <FormDialogFooter onCancel={() => onOpenChange(false)} submitting={form.formState.isSubmitting} submitText="Trimite invitația" />
        </form>
        {/* Spec 002 §2.2: the invite modal also lists the members (the inviter is an editor). */}
        {group ? (
          <section aria-labelledby="invite-members-title" className="flex flex-col gap-2 border-t pt-4">
            <h3 id="invite-members-title" className="text-sm font-semibold">
              Membrii grupului
            </h3>
            <MembersList groupId={group.Id} canEdit />
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
