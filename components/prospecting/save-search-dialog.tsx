'use client';

// "Salvează căutarea": the current filters under a name (docs/decisions/056).
import { savedSearchNameFormSchema } from '@/lib/prospecting/schemas';
import { NameFormDialog } from '@/components/shared/name-form-dialog';

export type NameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  initialName?: string;
  successText: string;
  save: (name: string) => Promise<unknown>;
};

/** Saving and renaming a saved search. */
export function SavedSearchNameDialog({ initialName = '', successText, save, ...props }: NameDialogProps) {
  return (
    <NameFormDialog
      {...props}
      fieldId="saved-search-name"
      label="Numele căutării"
      schema={savedSearchNameFormSchema}
      initialName={initialName}
      save={async (name) => {
        await save(name);
        return successText;
      }}
    />
  );
}
