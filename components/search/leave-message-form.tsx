'use client';

// Leave-a-message form of the landing page, validated with the shared schema of
// lib/schemas/leave-message.ts (the same object the server parses).
import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { ApiCancelledError, ApiError, apiCall } from '@/lib/api/client';
import { LEAVE_MESSAGE_MAX, leaveMessageSchema, type LeaveMessage, type LeaveMessageInput } from '@/lib/messages/schemas';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { FormField } from '@/components/auth/form-field';
import { FAILED_TEXT } from '@/lib/text';

const LEAVE_MESSAGE_SUCCESS = 'Email-ul a fost trimis cu succes!';
const LEAVE_MESSAGE_FAILURE = FAILED_TEXT;

const EMPTY: LeaveMessageInput = { Name: '', PhoneNumber: '', Email: '', Message: '' };

export function LeaveMessageForm() {
  const id = React.useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LeaveMessageInput, unknown, LeaveMessage>({ resolver: zodResolver(leaveMessageSchema), defaultValues: EMPTY, mode: 'onTouched' });
  const length = (useWatch({ control, name: 'Message' }) ?? '').length;

  const onSubmit = async (values: LeaveMessage) => {
    try {
      await apiCall('POST /api/Email/SendLeaveUsMessageEmail', { body: values });
      showSuccessToast(LEAVE_MESSAGE_SUCCESS);
      reset(EMPTY);
    } catch (e) {
      if (e instanceof ApiCancelledError) return;
      // A 429 carries its own Romanian explanation (when to try again).
      showErrorToast(e instanceof ApiError && e.status === 429 && e.body?.Message ? e.body.Message : LEAVE_MESSAGE_FAILURE);
    }
  };

  return (
    <section aria-labelledby="message-title" className="bg-gradient-to-b from-background to-primary-soft">
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:px-8">
        <div className="flex flex-col gap-3">
          <h2 id="message-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Lăsați-ne un mesaj
          </h2>
          <p className="max-w-md text-muted-foreground">
            Aveți o întrebare despre date, un abonament sau o colaborare? Scrieți-ne și vă răspundem în cel mai scurt timp.
          </p>
        </div>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm sm:p-6" aria-labelledby="message-title">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-name`} label="Nume" errors={[errors.Name?.message]}>
              {(a11y) => <Input {...a11y} autoComplete="name" maxLength={200} {...register('Name')} />}
            </FormField>
            <FormField id={`${id}-phone`} label="Telefon" errors={[errors.PhoneNumber?.message]}>
              {(a11y) => <Input {...a11y} type="tel" autoComplete="tel" maxLength={50} {...register('PhoneNumber')} />}
            </FormField>
          </div>
          <FormField id={`${id}-email`} label="E-mail" errors={[errors.Email?.message]}>
            {(a11y) => <Input {...a11y} type="email" autoComplete="email" maxLength={254} {...register('Email')} />}
          </FormField>
          <FormField id={`${id}-message`} label="Mesaj" errors={[errors.Message?.message]}>
            {(a11y) => (
              <div className="flex flex-col gap-1">
                <Textarea {...a11y} rows={4} {...register('Message')} />
                <span className="self-end text-xs text-muted-foreground">
                  {length}/{LEAVE_MESSAGE_MAX}
                </span>
              </div>
            )}
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting} className="self-start">
            <Send aria-hidden="true" />
            {isSubmitting ? 'Se trimite…' : 'Trimite mesajul'}
          </Button>
        </form>
      </div>
    </section>
  );
}
