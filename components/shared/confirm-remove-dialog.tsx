'use client';

// The confirmation of a delete in a list (a template, a draft, a draft's company): Da removes the
// item, toasts the success and reloads the list; a refusal toasts the server's words and keeps the
// dialog open (ConfirmDialog stays open when onConfirm throws).
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export function ConfirmRemoveDialog<T>({
  item,
  onClose,
  describe,
  remove,
  success,
  reload,
  errorText,
}: {
  /** The item asked about; null keeps the dialog closed. */
  item: T | null;
  onClose: () => void;
  describe: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  success: string;
  reload: () => void;
  errorText: (e: unknown) => string | undefined;
}) {
  const confirm = async () => {
    if (item === null) return;
    try {
      await remove(item);
      showSuccessToast(success);
      reload();
    } catch (e) {
      showErrorToast(errorText(e));
      throw e;
    }
  };
  return <ConfirmDialog open={item !== null} onOpenChange={(open) => !open && onClose()} description={item ? describe(item) : ''} onConfirm={confirm} />;
}
