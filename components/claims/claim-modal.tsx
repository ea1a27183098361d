'use client';

import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ALREADY_CLAIMED_MESSAGE, CLAIM_DESCRIPTION_MAX, CLAIM_TEXTS, claimSchema, type ClaimInput } from '@/lib/claims/schemas';
import { ApiError, apiCall } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/auth/form-field';
import { showErrorToast, toast } from '@/components/layout/toaster';

const empty = (cui: number): ClaimInput => ({ Name: '', Phone: '', Email: '', Description: '', CompanyCUI: cui });

/** 'Pretinde compania {name}': the claim request of a signed-in user. */
export function ClaimModal({
  company,
  open,
  onOpenChange,
}: {
  company: { Cui: number; Name: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [busy, setBusy] = React.useState(false);
  const form = useForm<ClaimInput, unknown, z.output<typeof claimSchema>>({
    resolver: zodResolver(claimSchema),
    defaultValues: empty(company?.Cui ?? 0),
  });
  const { errors } = form.formState;

  React.useEffect(() => {
    // The form is reset when the modal is hidden (and set to the company when shown).
    if (company) form.reset(empty(company.Cui));
  }, [open, company, form]);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await apiCall('POST /api/Company/SendCompanyRequest', { body: values, background: true });
      toast.success(CLAIM_TEXTS.sent);
      onOpenChange(false);
    } catch (e) {
      if (e instanceof ApiError && e.body?.Message === ALREADY_CLAIMED_MESSAGE) {
        toast.error(CLAIM_TEXTS.alreadyClaimed);
        onOpenChange(false);
      } else if (e instanceof ApiError && (e.status === 409 || e.status === 429) && e.body?.Message) {
        showErrorToast(e.body?.Message);
      } else {
        showErrorToast();
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent variant="sheet" className="sm:max-w-[600px]" data-testid="claim-modal">
        <DialogHeader>
          <DialogTitle>Pretinde compania {company?.Name}</DialogTitle>
          <DialogDescription>Un administrator verifică cererea și vă anunță prin e-mail decizia.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id="claim-name" label="Nume" errors={[errors.Name?.message]}>
            {(a11y) => <Input autoComplete="name" {...a11y} {...form.register('Name')} />}
          </FormField>
          <FormField id="claim-phone" label="Telefon" errors={[errors.Phone?.message]}>
            {(a11y) => <Input type="tel" autoComplete="tel" {...a11y} {...form.register('Phone')} />}
          </FormField>
          <FormField id="claim-email" label="Email" errors={[errors.Email?.message]}>
            {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('Email')} />}
          </FormField>
          <FormField id="claim-message" label="Mesaj" errors={[errors.Description?.message]}>
            {(a11y) => <Textarea rows={4} maxLength={CLAIM_DESCRIPTION_MAX + 10} {...a11y} {...form.register('Description')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Renunță
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner size="sm" className="text-current" label="Se trimite" /> : null}
              Trimite cerere
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
