'use client';

import * as React from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export type ConfirmDialogProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the dialog (uncontrolled use). */
  trigger?: React.ReactNode;
  /** Default 'Avertisment'. */
  title?: React.ReactNode;
  /** The question, e.g. 'Sigur doriți să ștergeți compania din acest grup?'. */
  description: React.ReactNode;
  /** Default 'Da'. */
  confirmText?: string;
  /** Default 'Renunță'. */
  cancelText?: string;
  /** Styles the confirm button as destructive. Default true. */
  destructive?: boolean;
  /**
   * Called on 'Da'. When it returns a promise the dialog stays open with a spinner
   * until it settles, then closes (it stays open if the promise rejects).
   */
  onConfirm: () => void | Promise<unknown>;
  onCancel?: () => void;
};

/** Confirmation dialog (role alertdialog): focus starts on 'Renunță'. */
export function ConfirmDialog({
  open: openProp,
  onOpenChange,
  trigger,
  title = 'Avertisment',
  description,
  confirmText = 'Da',
  cancelText = 'Renunță',
  destructive = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  const open = openProp ?? uncontrolledOpen;

  const setOpen = (next: boolean) => {
    if (pending) return;
    if (openProp === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  const handleConfirm = async (event: React.MouseEvent) => {
    event.preventDefault();
    if (pending) return;
    const result = onConfirm();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setPending(true);
      try {
        await result;
      } catch {
        setPending(false);
        return;
      }
      setPending(false);
    }
    if (openProp === undefined) setUncontrolledOpen(false);
    onOpenChange?.(false);
  };

  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/55 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <AlertDialogPrimitive.Content
          data-slot="confirm-dialog"
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border bg-background p-6 text-foreground shadow-lg data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <div className="flex flex-col gap-2">
            <AlertDialogPrimitive.Title className="text-lg font-semibold">{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialogPrimitive.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel
              className={buttonVariants({ variant: 'outline' })}
              disabled={pending}
              onClick={() => onCancel?.()}
            >
              {cancelText}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={cn(buttonVariants({ variant: destructive ? 'destructive' : 'default' }))}
              aria-disabled={pending || undefined}
              onClick={handleConfirm}
            >
              {pending ? <Spinner size="sm" className="text-current" label="Se procesează" /> : null}
              {confirmText}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
