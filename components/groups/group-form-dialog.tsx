'use client';

// Add or rename one group. The form parses with the same schema as the API.
import { addGroupSchema } from '@/lib/groups/schemas';
import { GROUP_TOASTS, groupsApi } from '@/lib/groups/client';
import { NameFormDialog } from '@/components/shared/name-form-dialog';

export type GroupFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rename this group; without it a new group is added. */
  group?: { Id: number; Name: string } | null;
  onSaved: (group: { Id: number; Name: string }) => void;
};

export function GroupFormDialog({ open, onOpenChange, group, onSaved }: GroupFormDialogProps) {
  return (
    <NameFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? 'Modifică grupul' : 'Adaugă grup'}
      description="Numele grupului are între 3 și 200 de caractere."
      fieldId="group-name"
      label="Nume grup"
      schema={addGroupSchema}
      initialName={group?.Name ?? ''}
      save={async (Name) => {
        if (group) {
          await groupsApi.update({ Id: group.Id, Name });
          onSaved({ Id: group.Id, Name });
          return GROUP_TOASTS.groupUpdated;
        }
        onSaved(await groupsApi.add(Name));
        return GROUP_TOASTS.groupAdded;
      }}
    />
  );
}
