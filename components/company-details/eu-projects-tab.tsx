'use client';

import * as React from 'react';
import { ChevronDown, ExternalLink } from 'lucide-react';
import { DEFAULT_SORTS, EU_PROJECT_COLUMNS, PAGE_SIZES, euProjectStatus, euUrlDisplay, ownContribution } from '@/lib/company-rules';
import { formatDate, formatEur } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { TableCell, TableRow } from '@/components/ui/table';
import type { EuProjectRow } from '../../lib/company/types';
import { useJson } from './use-json';
import { TabTable, TabTableSearch, useTabTableState, type TabTableTexts } from './tab-table';

const NO_EU_PROJECTS = 'Nu există proiecte europene!';

const TABLE_TEXTS: TabTableTexts = {
  loading: 'Se încarcă proiectele…',
  count: (n) => `${n} proiecte europene`,
  empty: NO_EU_PROJECTS,
  pager: 'Paginare proiecte europene',
};

function period(p: EuProjectRow) {
  return `${formatDate(p.StartDate)} – ${formatDate(p.EndDate)}`;
}

/** URL cell: '-', one link, or a 'Documentație' dropdown of links cut at 17 characters. */
export function EuUrls({ urls }: { urls: string[] }) {
  const d = euUrlDisplay(urls);
  if (d.kind === 'none') return <span className="text-muted-foreground">{d.text}</span>;
  if (d.kind === 'link')
    return (
      <a href={d.href} target="_blank" rel="noopener noreferrer nofollow" onClick={(e) => e.stopPropagation()} className="inline-flex items-center gap-1 break-all text-primary hover:underline">
        {d.text}
        <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      </a>
    );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
        className="inline-flex items-center gap-1 rounded-md px-1 text-primary hover:underline"
      >
        {d.label}
        <ChevronDown className="size-3.5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {d.links.map((l) => (
          <DropdownMenuItem key={l.href} asChild>
            <a href={l.href} target="_blank" rel="noopener noreferrer nofollow" title={l.href}>
              {l.text}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function EuProjectsTab({ company }: { company: { Cui: number; Name: string } }) {
  const table = useTabTableState(DEFAULT_SORTS.euProjects);
  const [open, setOpen] = React.useState<EuProjectRow | null>(null);
  const list = useJson('GET /api/Company/getEuropeanProjects', {
    query: { searchText: table.applied, pageNumber: table.page, pageSize: PAGE_SIZES.euProjects, companyCui: company.Cui, orderBy: table.sort },
  });

  return (
    <div className="flex flex-col gap-4">
      <TabTableSearch state={table} label="Caută în proiectele europene" />
      <TabTable
        state={table}
        result={list}
        columns={EU_PROJECT_COLUMNS}
        texts={TABLE_TEXTS}
        testId="eu-projects-table"
        renderRow={(p) => (
          <TableRow key={p.Id} className="cursor-pointer" onClick={() => setOpen(p)}>
            <TableCell className="min-w-64">
              <button type="button" className="text-left font-medium text-primary hover:underline" onClick={(e) => { e.stopPropagation(); setOpen(p); }}>
                {p.Name}
              </button>
            </TableCell>
            <TableCell className="whitespace-nowrap">{period(p)}</TableCell>
            <TableCell className="text-right whitespace-nowrap">{formatEur(p.TotalCost)}</TableCell>
            <TableCell className="text-right whitespace-nowrap">{formatEur(p.EcContribution)}</TableCell>
            <TableCell className="max-w-56">
              <EuUrls urls={p.Urls} />
            </TableCell>
            <TableCell>
              <Badge variant={euProjectStatus(p.Status) === 'Închis' ? 'neutral' : 'info'}>{euProjectStatus(p.Status)}</Badge>
            </TableCell>
          </TableRow>
        )}
      />
      <EuProjectModal project={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function EuProjectModal({ project, onClose }: { project: EuProjectRow | null; onClose: () => void }) {
  const own = project ? ownContribution(project.TotalCost, project.EcContribution) : null;
  return (
    <Dialog open={project != null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent size="lg" data-testid="eu-project-modal">
        {project ? (
          <>
            <DialogHeader>
              <DialogTitle>{project.Name}</DialogTitle>
              <DialogDescription>Proiect european {project.Code}</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Cost total</dt>
                <dd className="font-semibold">{formatEur(project.TotalCost)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Contribuție CE</dt>
                <dd className="font-semibold">{formatEur(project.EcContribution)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Contribuție proprie</dt>
                <dd className="font-semibold" data-testid="own-contribution">
                  {formatEur(own)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Status</dt>
                <dd className="font-semibold">{euProjectStatus(project.Status)}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Perioada</dt>
                <dd className="font-semibold">{period(project)}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Subiect</dt>
                <dd>{project.Topic ?? '-'}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Obiective</dt>
                <dd className="whitespace-pre-line">{project.Objective ?? '-'}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Documentație</dt>
                <dd>
                  <EuUrls urls={project.Urls} />
                </dd>
              </div>
            </dl>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
