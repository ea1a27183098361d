'use client';

// The footer of the campaign dialogs that hold a form (issue 28): Renunță, and the submit button
// of the form named `formId`.
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

export function FormDialogFooter({ formId, submitText, pending, onCancel }: { formId: string; submitText: string; pending: boolean; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Renunță
      </Button>
      <Button type="submit" form={formId} disabled={pending}>
        {submitText}
      </Button>
    </DialogFooter>
  );
}
