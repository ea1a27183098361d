'use client';

// Companies in groups (/Companii/:groupId?): the advanced search's filters over the companies of
// the user's groups, a group dropdown with counts, the administration and add-group modals.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { FolderCog, FolderPlus, SlidersHorizontal, X } from 'lucide-react';
import { updateFilter, resetFilters, isFilterEmpty, type FilterNames, type SearchFilter } from '@/lib/filters';
import { groupsApi, serverMessage } from '@/lib/groups/client';
import { GROUP_PAGE_SIZE } from '@/lib/groups/schemas';
import type { Group } from '@/lib/groups/types';
import { getPaginationLayout } from '@/lib/pagination';
import { MAX_COMPARED, comparePath } from '@/lib/risk/schemas';
import { Button } from '@/components/ui/button';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { LayoutPagination } from '@/components/ui/pagination';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { showErrorToast } from '@/components/layout/toaster';
import { usePagedOptions } from '@/components/sending/use-paged-options';
import { FilterForm } from '@/components/search/filter-form';
import { CompanyGroupsTable } from './company-groups-table';
import { GroupFormDialog } from './group-form-dialog';
import { GroupsAdminDialog } from './groups-admin-dialog';
import { useCompanyGroups, useEditableGroups } from './use-company-groups';

const ORDER_BUTTONS = [
  { value: 'Profit_desc', label: 'Profit' },
  { value: 'Turnover_desc', label: 'Cifra de afaceri' },
  { value: 'Employees_desc', label: 'Angajați' },
] as const;

export function CompaniesInGroups({ initialGroupId }: { initialGroupId: number | null }) {
  const router = useRouter();
  const [groupId, setGroupId] = React.useState<number | null>(initialGroupId);
  const list = useCompanyGroups(groupId);
  const [names, setNames] = React.useState<FilterNames>({});
  // The group dropdown: searchable, 20 groups a page with "Mai multe…" (spec 002 §7: PageSize 20,
  // Profit_desc), loaded when it opens; the chosen group is read on its own (it may be on any page).
  const [pickerOpen, setPickerOpen] = React.useState(false);
  const groupOptions = usePagedOptions<Group>(
    pickerOpen,
    (SearchText, PageNumber) => groupsApi.getGroups({ PageSize: GROUP_PAGE_SIZE, OrderBy: 'Profit_desc', SearchText, PageNumber }),
    (e) => showErrorToast(serverMessage(e) ?? undefined),
  );
  const [selected, setSelected] = React.useState<Pick<Group, 'Id' | 'Name' | 'CompaniesNumber'> | null>(null);
  const [groupsKey, setGroupsKey] = React.useState(0);
  const [addOpen, setAddOpen] = React.useState(false);
  const [adminOpen, setAdminOpen] = React.useState(false);
  const [filtersOpen, setFiltersOpen] = React.useState(false);
  const editable = useEditableGroups(groupsKey);
  const { reload } = list;

  React.useEffect(() => {
    if (groupId === null) return;
    let live = true;
    groupsApi.get(groupId).then(
      (g) => live && setSelected({ Id: g.Id, Name: g.Name, CompaniesNumber: g.CompaniesNumber }),
      () => live && setSelected(null),
    );
    return () => {
      live = false;
    };
  }, [groupId, groupsKey]);

  const groupsChanged = React.useCallback(() => {
    setGroupsKey((k) => k + 1);
    reload();
  }, [reload]);

  const chooseGroup = (id: number | null) => {
    setGroupId(id);
    list.setPage(1);
    router.replace(id ? `/Companii/${id}` : '/Companii', { scroll: false });
  };

  const change = (patch: Partial<SearchFilter>, patchNames?: Partial<FilterNames>) => {
    if (patchNames) setNames((n) => ({ ...n, ...patchNames }));
    list.setFilter(updateFilter(list.filter, patch));
  };

  const layout = getPaginationLayout(list.page, list.pages);
  // The comparison takes five companies: the first ones of the list as it is sorted and filtered.
  const compared = [...new Set((list.items ?? []).map((i) => i.Cui))].slice(0, MAX_COMPARED);
  const groupOption = (g: Pick<Group, 'Id' | 'Name' | 'CompaniesNumber'>): ComboboxOption => ({
    value: String(g.Id),
    label: `${g.Name} (${g.CompaniesNumber})`,
  });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <ListSearchForm id="groups-search" label="Căutare în companiile din grupuri" placeholder="Caută după nume sau CUI" list={list} className="flex-1" />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setAdminOpen(true)}>
            <FolderCog aria-hidden="true" />
            Administrare grupuri
          </Button>
          <Button onClick={() => setAddOpen(true)}>
            <FolderPlus aria-hidden="true" />
            Adaugă grup
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <div className="flex items-center gap-1">
          <Combobox
            id="group-select"
            aria-label="Grupul"
            className="w-full sm:w-72"
            placeholder="Alege grupul"
            searchPlaceholder="Caută un grup"
            value={groupId ? String(groupId) : null}
            onValueChange={(v, o) => {
              if (o && v) {
                const g = groupOptions.items?.find((x) => String(x.Id) === v);
                if (g) setSelected(g);
              }
              chooseGroup(v ? Number(v) : null);
            }}
            options={(groupOptions.items ?? []).map(groupOption)}
            selectedOption={selected && selected.Id === groupId ? groupOption(selected) : null}
            loading={groupOptions.loading}
            onSearchChange={groupOptions.setText}
            onOpenChange={setPickerOpen}
            hasMore={groupOptions.hasMore}
            onLoadMore={groupOptions.loadMore}
          />
          {groupId ? (
            <Button variant="ghost" size="icon-sm" aria-label="Șterge grupul ales" onClick={() => chooseGroup(null)}>
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </div>
        <div role="group" aria-label="Ordonează după" className="flex flex-wrap items-center gap-1">
          <span className="text-sm text-muted-foreground">Ordonează:</span>
          {ORDER_BUTTONS.map((o) => (
            <Button key={o.value} size="sm" variant={list.orderBy === o.value ? 'default' : 'outline'} aria-pressed={list.orderBy === o.value} onClick={() => list.setOrderBy(o.value)}>
              {o.label}
            </Button>
          ))}
        </div>
        <Button variant="outline" size="sm" aria-expanded={filtersOpen} aria-controls="groups-filters" onClick={() => setFiltersOpen((v) => !v)}>
          <SlidersHorizontal aria-hidden="true" />
          Filtre
        </Button>
        {!isFilterEmpty(list.filter) ? (
          <Button variant="ghost" size="sm" onClick={() => list.setFilter(resetFilters(list.filter))}>
            Resetează
          </Button>
        ) : null}
      </div>

      <div id="groups-filters" hidden={!filtersOpen} className="rounded-lg border p-4">
        {filtersOpen ? <FilterForm filter={list.filter} names={names} onChange={change} /> : null}
      </div>

      <ResultCount count={list.countText} />
      {compared.length >= 2 ? (
        <a href={comparePath(compared)} className="self-start text-sm text-primary underline underline-offset-2" data-testid="group-compare-link">
          Compară primele {compared.length} firme din listă
        </a>
      ) : null}

      <CompanyGroupsTable
        items={list.items}
        orderBy={list.orderBy}
        onOrderBy={list.setOrderBy}
        sortable={['Turnover', 'Profit', 'Employees']}
        phoneSort={false}
        moveTargets={editable}
        onChanged={groupsChanged}
      />
      <LayoutPagination layout={layout} onChange={list.setPage} />

      <GroupFormDialog open={addOpen} onOpenChange={setAddOpen} onSaved={groupsChanged} />
      <GroupsAdminDialog open={adminOpen} onOpenChange={setAdminOpen} onChanged={groupsChanged} />
    </div>
  );
}
