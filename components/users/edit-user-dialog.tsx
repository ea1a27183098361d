'use client';

// The modal "Modifică utilizatorul": name and e-mail with the same schema the server parses; a name
// or address taken by another account (409) is shown under its field.
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/client';
import { editUserSchema } from '@/lib/users/schemas';
import { USER_TOASTS } from '@/lib/users/texts';
import type { UserListItem } from '@/lib/users/types';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { usersApi } from './users-api';
import { placeFieldErrors } from '@/components/shared/place-field-errors';

type Values = z.input<typeof editUserSchema>;
const FIELDS = ['UserName', 'Email'] as const;

export function EditUserDialog({ user, onClose, onSaved }: { user: UserListItem | null; onClose: () => void; onSaved: () => void }) {
  return (
    <Dialog open={user != null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="area" data-testid="edit-user-dialog">
        <DialogHeader>
          <DialogTitle>Modifică utilizatorul</DialogTitle>
          <DialogDescription>Numele și adresa de e-mail ale contului.</DialogDescription>
        </DialogHeader>
        {/* A new form per user: closing and reopening starts from the saved values. */}
        {user && <EditUserForm key={user.Id} user={user} onSaved={onSaved} />}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, onSaved }: { user: UserListItem; onSaved: () => void }) {
  const [serverError, setServerError] = React.useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof editUserSchema>>({
    resolver: zodResolver(editUserSchema),
    defaultValues: { UserName: user.Name, Email: user.Email },
  });
  const { errors, isSubmitting } = form.formState;

  // The list may be a little old: the latest values, unless the Admin already started typing.
  React.useEffect(() => {
    let live = true;
    usersApi.getUser(user.Id).then(
      (u) => {
        const typed = form.getValues();
        const untouched = typed.UserName === user.Name && typed.Email === user.Email;
        if (live && untouched) form.reset({ UserName: u.UserName, Email: u.Email });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [user.Id, user.Name, user.Email, form]);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await usersApi.updateUser({ Id: user.Id, UserName: values.UserName, Email: values.Email });
      showSuccessToast(USER_TOASTS.updated);
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) return showErrorToast();
      if (e.status === 409 || e.status === 400) {
        if (!placeFieldErrors(e, FIELDS, form.setError)) setServerError(e.message);
      } else showErrorToast();
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Modifică utilizatorul">
      <FormField id="edit-user-name" label="Nume utilizator" errors={[errors.UserName?.message]}>
        {(a11y) => <Input autoComplete="off" {...a11y} {...form.register('UserName')} />}
      </FormField>
      <FormField id="edit-user-email" label="E-mail" errors={[errors.Email?.message]}>
        {(a11y) => <Input type="email" autoComplete="off" {...a11y} {...form.register('Email')} />}
      </FormField>
      <FormAlert message={serverError} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Renunță</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" label={null} className="text-current" />}
          Salvează
        </Button>
      </DialogFooter>
    </form>
  );
}
