'use client';

// The four dropdowns of the users list (groups, contacts, role, access), each with a clear icon:
// a panel beside the list on wide screens, a modal on phones. Search applies them; Reset shows only
// when a filter is set.
import * as React from 'react';
import { SlidersHorizontal, X } from 'lucide-react';
import { TRI_STATE_OPTIONS, hasAnyFilter, type TriState, type UserFilterDraft } from '@/lib/users/filters';
import type { RoleDto } from '@/lib/users/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';

type Props = {
  draft: UserFilterDraft;
  onDraftChange: (next: UserFilterDraft) => void;
  roles: RoleDto[];
  /** Applies the draft (and the typed search text). */
  onSearch: () => void;
  /** Clears every filter and reloads. */
  onReset: () => void;
  /** True when the applied filter has a value (Reset stays visible until it is cleared). */
  appliedHasFilter: boolean;
};

const FIELDS: Array<{ key: keyof UserFilterDraft; label: string }> = [
  { key: 'HasGroups', label: 'Grupuri' },
  { key: 'HasContacts', label: 'Contacte' },
  { key: 'RoleId', label: 'Rol' },
  { key: 'HasAccess', label: 'Acces' },
];

/** A labelled dropdown with a clear icon when not 'all' (also used by the audit trail's filters). */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (v: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-1">
        <OptionSelect id={id} className="min-w-0 flex-1" value={value} onValueChange={onChange} options={options} />
        {value !== 'all' ? (
          <Button variant="ghost" size="icon" className="size-10 shrink-0" aria-label={`Șterge filtrul ${label}`} title={`Șterge filtrul ${label}`} onClick={() => onChange('all')}>
            <X aria-hidden="true" />
          </Button>
        ) : (
          // Keeps the dropdowns aligned whether or not a clear icon is shown.
          <span className="size-10 shrink-0" aria-hidden="true" />
        )}
      </div>
    </div>
  );
}

function FilterFields({ draft, onDraftChange, roles, idPrefix }: Pick<Props, 'draft' | 'onDraftChange' | 'roles'> & { idPrefix: string }) {
  const roleOptions = [{ value: 'all', label: 'Toate' }, ...roles.map((r) => ({ value: String(r.Id), label: r.Name }))];
  return (
    <>
      {FIELDS.map((f) => (
        <FilterSelect
          key={f.key}
          id={`${idPrefix}-${f.key}`}
          label={f.label}
          value={draft[f.key]}
          options={f.key === 'RoleId' ? roleOptions : TRI_STATE_OPTIONS[f.key as Exclude<keyof UserFilterDraft, 'RoleId'>]}
          onChange={(v) => onDraftChange({ ...draft, [f.key]: f.key === 'RoleId' ? v : (v as TriState) })}
        />
      ))}
    </>
  );
}

export function UserFiltersPanel(props: Props) {
  const showReset = hasAnyFilter(props.draft) || props.appliedHasFilter;
  return (
    <section aria-label="Filtre utilizatori" className="hidden rounded-lg border bg-subtle p-4 md:block" data-testid="users-filters-panel">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FilterFields {...props} idPrefix="users-filter" />
      </div>
      <div className="mt-3 flex justify-end gap-2">
        {showReset && (
          <Button variant="outline" onClick={props.onReset}>
            Resetează
          </Button>
        )}
        <Button onClick={props.onSearch}>Caută</Button>
      </div>
    </section>
  );
}

/** The phone version: a button with the number of filters set, opening the same dropdowns in a modal. */
export function UserFiltersModal(props: Props) {
  const [open, setOpen] = React.useState(false);
  const count = Object.values(props.draft).filter((v) => v !== 'all').length;
  const showReset = hasAnyFilter(props.draft) || props.appliedHasFilter;
  return (
    <div className="md:hidden">
      <Button variant="outline" onClick={() => setOpen(true)} className="w-full">
        <SlidersHorizontal aria-hidden="true" />
        Filtre{count ? ` (${count})` : ''}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="area">
          <DialogHeader>
            <DialogTitle>Filtre</DialogTitle>
            <DialogDescription>Alegeți filtrele și apăsați Caută.</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3">
            <FilterFields {...props} idPrefix="users-filter-m" />
          </div>
          <DialogFooter>
            {showReset && (
              <Button
                variant="outline"
                onClick={() => {
                  props.onReset();
                  setOpen(false);
                }}
              >
                Resetează
              </Button>
            )}
            <Button
              onClick={() => {
                props.onSearch();
                setOpen(false);
              }}
            >
              Caută
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
