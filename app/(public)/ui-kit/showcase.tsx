'use client';

import * as React from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Bell, Ellipsis, FolderInput, Info, MessageSquare, Plus, Search, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Label } from '@/components/ui/label';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Checkbox } from '@/components/ui/checkbox';
import { Switch } from '@/components/ui/switch';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import {
  SortableTableHead,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  type SortDirection,
} from '@/components/ui/table';
import { Spinner } from '@/components/ui/spinner';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { EmptyState } from '@/components/ui/empty-state';
import { LayoutPagination, Pagination } from '@/components/ui/pagination';
import { getCompactPager, getPaginationLayout } from '@/lib/pagination';
import { formatNumber } from '@/lib/format';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { PlaceholderCards } from '@/components/layout/placeholder-cards';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { SiteHeader } from '@/components/layout/site-header';
import { showErrorToast, showSuccessToast, toast } from '@/components/layout/toaster';

const COUNTIES: ComboboxOption[] = [
  'Alba', 'Arad', 'Argeș', 'Bacău', 'Bihor', 'Bistrița-Năsăud', 'Botoșani', 'Brăila', 'Brașov', 'București',
  'Buzău', 'Călărași', 'Caraș-Severin', 'Cluj', 'Constanța', 'Covasna', 'Dâmbovița', 'Dolj', 'Galați',
  'Giurgiu', 'Gorj', 'Harghita', 'Hunedoara', 'Ialomița', 'Iași', 'Ilfov', 'Maramureș', 'Mehedinți', 'Mureș',
  'Neamț', 'Olt', 'Prahova', 'Sălaj', 'Satu Mare', 'Sibiu', 'Suceava', 'Teleorman', 'Timiș', 'Tulcea',
  'Vâlcea', 'Vaslui', 'Vrancea',
].map((name, index) => ({ value: String(index + 1), label: name }));

const CAEN: ComboboxOption[] = [
  { value: '4711', label: '4711', description: 'Comerț cu amănuntul în magazine nespecializate' },
  { value: '6201', label: '6201', description: 'Activități de realizare a soft-ului la comandă' },
  { value: '4120', label: '4120', description: 'Lucrări de construcții a clădirilor rezidențiale' },
  { value: '5610', label: '5610', description: 'Restaurante' },
  { value: '4941', label: '4941', description: 'Transporturi rutiere de mărfuri' },
];

const COMPANIES = [
  { cui: '14399840', name: 'Alfa Construcții SRL', turnover: 12_450_000, profit: 1_230_000, employees: 84 },
  { cui: '30512376', name: 'Beta Soft Solutions SRL', turnover: 4_870_000, profit: 910_000, employees: 37 },
  { cui: '22871905', name: 'Gamma Transport SA', turnover: 27_300_000, profit: -215_000, employees: 212 },
  { cui: '41022314', name: 'Delta Agro Țărănești SRL', turnover: 980_000, profit: 64_000, employees: 9 },
];


function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24 border-t py-8 first:border-t-0">
      <h2 id={id} className="mb-5 text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

const SWATCHES = [
  { name: 'primary', className: 'bg-primary', note: '#3641b8 · 8,1:1' },
  { name: 'secondary', className: 'bg-secondary', note: '#eef0fd' },
  { name: 'accent', className: 'bg-accent', note: '#e8ebfc' },
  { name: 'muted', className: 'bg-muted', note: '#f1f5f9' },
  { name: 'input (bordură)', className: 'bg-input', note: '#7b8799 · 3,6:1' },
  { name: 'destructive', className: 'bg-destructive', note: '#b91c1c · 6,5:1' },
  { name: 'success', className: 'bg-success', note: '#15803d · 5,0:1' },
  { name: 'warning', className: 'bg-warning', note: '#b45309 · 5,0:1' },
  { name: 'chart-orange', className: 'bg-chart-orange', note: '#ea580c · 3,6:1' },
  { name: 'chart-green', className: 'bg-chart-green', note: '#16a34a · 3,3:1' },
  { name: 'chart-purple', className: 'bg-chart-purple', note: '#7c3aed' },
  { name: 'chart-blue', className: 'bg-chart-blue', note: '#2563eb' },
];

export function UiKitShowcase() {
  const searchParams = useSearchParams();
  const headerPreview = searchParams.get('antet');

  const [county, setCounty] = React.useState<string | null>(null);
  const [caen, setCaen] = React.useState<string | null>('6201');
  const [asyncValue, setAsyncValue] = React.useState<string | null>(null);
  const [asyncOptions, setAsyncOptions] = React.useState<ComboboxOption[]>([]);
  const [asyncLoading, setAsyncLoading] = React.useState(false);
  const [sort, setSort] = React.useState<{ column: 'turnover' | 'profit' | 'employees'; direction: SortDirection }>({
    column: 'profit',
    direction: 'desc',
  });
  const [page, setPage] = React.useState(10);
  const [smallPage, setSmallPage] = React.useState(2);
  const [confirmOpen, setConfirmOpen] = React.useState(false);
  const [loaderVisible, setLoaderVisible] = React.useState(false);
  const [checked, setChecked] = React.useState<boolean | 'indeterminate'>('indeterminate');

  const loadCounties = React.useCallback((query: string) => {
    setAsyncLoading(true);
    window.setTimeout(() => {
      const q = query.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
      setAsyncOptions(
        COUNTIES.filter((c) => c.label.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().includes(q)).slice(0, 8),
      );
      setAsyncLoading(false);
    }, 600);
  }, []);

  const sortedCompanies = [...COMPANIES].sort((a, b) => {
    const factor = sort.direction === 'asc' ? 1 : -1;
    return (a[sort.column] - b[sort.column]) * factor;
  });
  const toggleSort = (column: typeof sort.column) =>
    setSort((prev) => ({ column, direction: prev.column === column && prev.direction === 'desc' ? 'asc' : 'desc' }));
  const dirOf = (column: typeof sort.column) => (sort.column === column ? sort.direction : null);

  return (
    <PageContainer>
      <SectionPageHeader
        title="Kit de interfață"
        path="/ui-kit"
        description="Toate componentele comune RadarFirme, pentru verificare vizuală și de accesibilitate."
        actions={
          <Button asChild variant="outline">
            <Link href="/ui-kit?antet=admin">Previzualizare antet</Link>
          </Button>
        }
      />

      {headerPreview ? (
        <Section id="antet" title="Antet (previzualizare)">
          <p className="mb-4 text-sm text-muted-foreground">
            Antetul real este fix, deasupra paginii. Mai jos: aceeași componentă pentru un administrator și pentru un
            utilizator, închisă într-un cadru.
          </p>
          {[
            { label: 'Administrator', user: { UserName: 'Ana Popescu', UserRoles: ['Admin'] } },
            { label: 'Utilizator', user: { UserName: 'Mihai Ionescu', UserRoles: ['User'] } },
          ].map((preview) => (
            <div key={preview.label} className="mb-4">
              <p className="mb-1 text-sm font-medium">{preview.label}</p>
              <div className="relative h-20 transform-gpu overflow-hidden rounded-lg border bg-subtle">
                <SiteHeader user={preview.user} onOpenAuth={() => undefined} onSignOut={() => undefined} />
              </div>
            </div>
          ))}
        </Section>
      ) : null}

      <Section id="culori" title="Culori">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {SWATCHES.map((swatch) => (
            <li key={swatch.name} className="overflow-hidden rounded-lg border">
              <div className={`h-14 ${swatch.className}`} aria-hidden="true" />
              <div className="p-2 text-xs">
                <p className="font-semibold">{swatch.name}</p>
                <p className="text-muted-foreground">{swatch.note}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="tipografie" title="Tipografie">
        <div className="flex flex-col gap-2">
          <p className="text-4xl font-bold tracking-tight">Titlu 4xl — Caută firme</p>
          <p className="text-3xl font-bold tracking-tight">Titlu 3xl — Companii în grupuri</p>
          <p className="text-2xl font-semibold">Titlu 2xl — Date financiare</p>
          <p className="text-xl font-semibold">Titlu xl — Reprezentanți</p>
          <p className="text-base">
            Text de bază (16 px): Societatea are sediul în Iași, județul Iași, și activează în domeniul construcțiilor.
          </p>
          <p className="text-sm text-muted-foreground">Text secundar (14 px): ultima actualizare 12.03.2025, 14:30.</p>
          <p className="text-xs text-muted-foreground">Text mic (12 px): cifra de afaceri 12.450.000 RON.</p>
          <p>
            <a href="#tipografie" className="text-primary underline underline-offset-4">
              Legătură în text
            </a>
          </p>
        </div>
      </Section>

      <Section id="butoane" title="Butoane">
        <div className="flex flex-wrap items-center gap-3">
          <Button>Caută</Button>
          <Button variant="secondary">Adaugă grup</Button>
          <Button variant="outline">Renunță</Button>
          <Button variant="ghost">Detalii</Button>
          <Button variant="destructive">
            <Trash2 aria-hidden="true" /> Șterge
          </Button>
          <Button variant="link">Vezi toate</Button>
          <Button disabled>Dezactivat</Button>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button size="sm">Mic</Button>
          <Button>Implicit</Button>
          <Button size="lg">Mare</Button>
          <Button size="icon" aria-label="Adaugă">
            <Plus aria-hidden="true" />
          </Button>
          <Button size="icon-sm" variant="outline" aria-label="Notificări">
            <Bell aria-hidden="true" />
          </Button>
          <Button asChild variant="outline">
            <Link href="/Cautare-avansata">Link ca buton</Link>
          </Button>
        </div>
      </Section>

      <Section id="formulare" title="Formulare">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="kit-name">Nume</Label>
            <Input id="kit-name" placeholder="ex. Ion Popescu" autoComplete="name" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="kit-email">Email</Label>
            <Input
              id="kit-email"
              type="email"
              defaultValue="adresa-gresita"
              aria-invalid
              aria-describedby="kit-email-error"
            />
            <p id="kit-email-error" className="text-sm text-destructive">
              Adresa de email nu este validă.
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="kit-disabled">Câmp dezactivat</Label>
            <Input id="kit-disabled" disabled defaultValue="Nu se poate modifica" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="kit-message">Mesaj</Label>
            <Textarea id="kit-message" placeholder="Scrieți mesajul aici…" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="kit-sort">Sortare (Select)</Label>
            <Select defaultValue="Profit_desc">
              <SelectTrigger id="kit-sort">
                <SelectValue placeholder="Alege sortarea" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="Profit_desc">Profit (descrescător)</SelectItem>
                <SelectItem value="Profit">Profit (crescător)</SelectItem>
                <SelectItem value="Turnover_desc">Cifră de afaceri (descrescător)</SelectItem>
                <SelectItem value="Turnover">Cifră de afaceri (crescător)</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="kit-county">Județ (Combobox cu „Toate”)</Label>
            <Combobox
              id="kit-county"
              options={COUNTIES}
              value={county}
              onValueChange={(value) => setCounty(value)}
              allOption
              placeholder="Alege județul"
              searchPlaceholder="Caută județul…"
              clearable
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="kit-caen">Cod CAEN (cu descriere)</Label>
            <Combobox
              id="kit-caen"
              options={CAEN}
              value={caen}
              onValueChange={(value) => setCaen(value)}
              placeholder="Alege codul CAEN"
              searchPlaceholder="Caută cod sau activitate…"
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="kit-async">Județ (încărcare asincronă)</Label>
            <Combobox
              id="kit-async"
              options={asyncOptions}
              value={asyncValue}
              onValueChange={(value) => setAsyncValue(value)}
              selectedOption={COUNTIES.find((c) => c.value === asyncValue) ?? null}
              onSearchChange={loadCounties}
              loading={asyncLoading}
              placeholder="Caută pe server"
            />
          </div>
          <div className="flex items-center gap-3">
            <Checkbox id="kit-check" checked={checked} onCheckedChange={setChecked} />
            <Label htmlFor="kit-check">Selectează toate grupurile</Label>
          </div>
          <div className="flex items-center gap-3">
            <Switch id="kit-switch" defaultChecked />
            <Label htmlFor="kit-switch">Contact privat</Label>
          </div>
        </div>
      </Section>

      <Section id="carduri" title="Carduri și etichete">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Card>
            <CardHeader className="flex-row items-start">
              <div className="flex min-w-0 flex-col gap-1">
                <CardTitle>Alfa Construcții SRL</CardTitle>
                <CardDescription>CAEN 4120 · Lucrări de construcții a clădirilor rezidențiale</CardDescription>
              </div>
              <CardAction>
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="icon-sm" aria-label="Acțiuni pentru Alfa Construcții SRL">
                      <Ellipsis aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuLabel>Mută compania în alt grup</DropdownMenuLabel>
                    <DropdownMenuItem>Clienți potențiali</DropdownMenuItem>
                    <DropdownMenuItem>Furnizori</DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem variant="destructive" onSelect={() => setConfirmOpen(true)}>
                      <Trash2 aria-hidden="true" /> Șterge din grup
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </CardAction>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">Angajați</dt>
                  <dd className="font-semibold">84</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Cifră af.</dt>
                  <dd className="font-semibold">12,45M</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Profit</dt>
                  <dd className="font-semibold text-success">1,23M</dd>
                </div>
              </dl>
            </CardContent>
            <CardFooter className="text-sm text-muted-foreground">Str. Lăpușneanu 12, Iași</CardFooter>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Stări email</CardTitle>
              <CardDescription>Etichete pentru istoricul trimiterilor.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              <Badge variant="neutral">Trimis</Badge>
              <Badge variant="info">Deschis</Badge>
              <Badge variant="success">Interacționat</Badge>
              <Badge variant="warning">În așteptare</Badge>
              <Badge variant="destructive">Respins</Badge>
              <Badge>Autor</Badge>
              <Badge variant="secondary">Membru</Badge>
              <Badge variant="outline">marketing</Badge>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Schelet</CardTitle>
              <CardDescription>Bloc de încărcare (Skeleton).</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </CardContent>
          </Card>
        </div>
      </Section>

      <Section id="dialoguri" title="Dialoguri">
        <div className="flex flex-wrap gap-3">
          <Dialog>
            <DialogTrigger asChild>
              <Button>Pretinde compania</Button>
            </DialogTrigger>
            <DialogContent size="md">
              <DialogHeader>
                <DialogTitle>Pretinde compania Alfa Construcții SRL</DialogTitle>
                <DialogDescription>Completați datele de contact; echipa noastră vă va răspunde.</DialogDescription>
              </DialogHeader>
              <form className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()}>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="claim-name">Nume</Label>
                  <Input id="claim-name" autoComplete="name" />
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="claim-phone">Telefon</Label>
                  <Input id="claim-phone" type="tel" autoComplete="tel" />
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="claim-county">Județ</Label>
                  <Combobox id="claim-county" options={COUNTIES} value={county} onValueChange={setCounty} modal />
                </div>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Renunță</Button>
                  </DialogClose>
                  <Button type="submit">Trimite cerere</Button>
                </DialogFooter>
              </form>
            </DialogContent>
          </Dialog>
          <Button variant="destructive" onClick={() => setConfirmOpen(true)}>
            Șterge compania din grup
          </Button>
          <ConfirmDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            description="Sigur doriți să ștergeți compania din acest grup?"
            onConfirm={() =>
              new Promise<void>((resolve) =>
                window.setTimeout(() => {
                  toast.success('Compania a fost ștearsă cu succes din grup!');
                  resolve();
                }, 800),
              )
            }
          />
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline">Dialog lat (1000 px)</Button>
            </DialogTrigger>
            <DialogContent size="full">
              <DialogHeader>
                <DialogTitle>Editează contactele</DialogTitle>
                <DialogDescription>Contactele private sunt vizibile doar pentru dumneavoastră.</DialogDescription>
              </DialogHeader>
              <Tabs defaultValue="contacte">
                <TabsList>
                  <TabsTrigger value="contacte">Contacte</TabsTrigger>
                  <TabsTrigger value="social">Social media</TabsTrigger>
                </TabsList>
                <TabsContent value="contacte">
                  <EmptyState compact title="Nu există contacte!" />
                </TabsContent>
                <TabsContent value="social">
                  <p className="text-sm text-muted-foreground">Nu există rețele de socializare adăugate.</p>
                </TabsContent>
              </Tabs>
            </DialogContent>
          </Dialog>
        </div>
      </Section>

      <Section id="meniuri" title="Meniuri, indicii și ferestre">
        <div className="flex flex-wrap items-center gap-3">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline">
                <FolderInput aria-hidden="true" /> Grup
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuLabel>Adaugă compania în grup</DropdownMenuLabel>
              <DropdownMenuItem onSelect={() => toast.success('Compania a fost adăugată cu succes în grup!')}>
                Clienți potențiali
              </DropdownMenuItem>
              <DropdownMenuSub>
                <DropdownMenuSubTrigger>Mută în alt grup</DropdownMenuSubTrigger>
                <DropdownMenuSubContent>
                  <DropdownMenuItem>Furnizori</DropdownMenuItem>
                  <DropdownMenuItem disabled>Parteneri (grupul curent)</DropdownMenuItem>
                </DropdownMenuSubContent>
              </DropdownMenuSub>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive">Șterge din grup</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <SimpleTooltip content="Contactele private sunt vizibile doar pentru dumneavoastră.">
            <Button variant="ghost" size="icon" aria-label="Informații despre contactele private">
              <Info aria-hidden="true" />
            </Button>
          </SimpleTooltip>
          <Popover>
            <PopoverTrigger asChild>
              <Button variant="outline">
                <MessageSquare aria-hidden="true" /> Comentarii
              </Button>
            </PopoverTrigger>
            <PopoverContent aria-label="Comentarii" className="flex flex-col gap-3">
              <p className="text-sm font-semibold">Comentarii</p>
              <Textarea aria-label="Comentariu nou" placeholder="Scrieți un comentariu…" className="min-h-20" />
              <Button size="sm" className="self-end">
                Adaugă
              </Button>
            </PopoverContent>
          </Popover>
        </div>
      </Section>

      <Section id="taburi" title="Tab-uri și acordeon">
        <Tabs defaultValue="financiare">
          <TabsList aria-label="Secțiuni companie">
            <TabsTrigger value="financiare">Date financiare</TabsTrigger>
            <TabsTrigger value="grafice">Grafice</TabsTrigger>
            <TabsTrigger value="contacte">Contacte</TabsTrigger>
            <TabsTrigger value="reprezentanti">Reprezentanți</TabsTrigger>
            <TabsTrigger value="licitatii">Licitații</TabsTrigger>
            <TabsTrigger value="proiecte">Proiecte europene</TabsTrigger>
            <TabsTrigger value="colaborari">Colaborări</TabsTrigger>
          </TabsList>
          <TabsContent value="financiare">
            <p className="text-sm">Cifra de afaceri a crescut cu 12% față de anul precedent.</p>
          </TabsContent>
          <TabsContent value="grafice">
            <p className="text-sm text-muted-foreground">Momentan nu sunt date disponibile</p>
          </TabsContent>
          <TabsContent value="contacte">
            <EmptyState compact title="Nu există contacte!" />
          </TabsContent>
          <TabsContent value="reprezentanti">
            <p className="text-sm">Ion Popescu — Administrator</p>
          </TabsContent>
          <TabsContent value="licitatii">
            <EmptyState compact title="Nu există licitații!" />
          </TabsContent>
          <TabsContent value="proiecte">
            <EmptyState compact title="Nu există proiecte europene!" />
          </TabsContent>
          <TabsContent value="colaborari">
            <EmptyState compact title="Nu există colaborări!" />
          </TabsContent>
        </Tabs>
        <Accordion type="multiple" className="mt-6 max-w-2xl">
          <AccordionItem value="g">
            <AccordionTrigger>Secțiunea G — Comerț cu ridicata și cu amănuntul</AccordionTrigger>
            <AccordionContent>
              <Accordion type="multiple" className="pl-4">
                <AccordionItem value="47">
                  <AccordionTrigger headingLevel={4}>Diviziunea 47 — Comerț cu amănuntul</AccordionTrigger>
                  <AccordionContent>
                    <Link href="/Coduri-caen/4711" className="text-primary underline underline-offset-4">
                      4711 — Comerț cu amănuntul în magazine nespecializate
                    </Link>
                  </AccordionContent>
                </AccordionItem>
              </Accordion>
            </AccordionContent>
          </AccordionItem>
          <AccordionItem value="f">
            <AccordionTrigger>Secțiunea F — Construcții</AccordionTrigger>
            <AccordionContent>Clădiri, lucrări de geniu civil și lucrări speciale.</AccordionContent>
          </AccordionItem>
        </Accordion>
      </Section>

      <Section id="tabel" title="Tabel și paginare">
        <Table>
          <TableCaption>Companii din grupul „Clienți potențiali”</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Nume firmă</TableHead>
              <TableHead>CUI</TableHead>
              <SortableTableHead direction={dirOf('turnover')} onSort={() => toggleSort('turnover')} className="text-right">
                Cifra de afaceri
              </SortableTableHead>
              <SortableTableHead direction={dirOf('profit')} onSort={() => toggleSort('profit')}>
                Profit
              </SortableTableHead>
              <SortableTableHead direction={dirOf('employees')} onSort={() => toggleSort('employees')}>
                Angajați
              </SortableTableHead>
              <TableHead>
                <VisuallyHidden>Acțiuni</VisuallyHidden>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sortedCompanies.map((company) => (
              <TableRow key={company.cui}>
                <TableCell className="font-medium">
                  <Link href="#tabel" className="text-primary underline-offset-4 hover:underline">
                    {company.name}
                  </Link>
                </TableCell>
                <TableCell className="tabular-nums">{company.cui}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(company.turnover)}</TableCell>
                <TableCell className={company.profit < 0 ? 'text-destructive tabular-nums' : 'tabular-nums'}>
                  {formatNumber(company.profit)}
                </TableCell>
                <TableCell className="tabular-nums">{company.employees}</TableCell>
                <TableCell className="text-right">
                  <Button variant="ghost" size="icon-sm" aria-label={`Comentarii pentru ${company.name}`}>
                    <MessageSquare aria-hidden="true" />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <div className="mt-6 flex flex-col gap-4">
          <LayoutPagination layout={getPaginationLayout(page, 30)} onChange={setPage} />
          <LayoutPagination
            aria-label="Paginare licitații"
            layout={getCompactPager(smallPage, 12)}
            onChange={setSmallPage}
          />
          <Pagination
            aria-label="Paginare (listă scurtă)"
            pages={[1, 2, 3, 4, 5]}
            current={Math.min(smallPage, 5)}
            onChange={setSmallPage}
          />
        </div>
      </Section>

      <Section id="stari" title="Stări: încărcare și listă goală">
        <div className="flex flex-wrap items-center gap-6">
          <Spinner size="sm" />
          <Spinner />
          <Spinner size="lg" />
          <Button
            variant="outline"
            onClick={() => {
              setLoaderVisible(true);
              window.setTimeout(() => setLoaderVisible(false), 1500);
            }}
          >
            Arată încărcarea pe toată pagina
          </Button>
        </div>
        <FullPageLoader show={loaderVisible} />
        <div className="mt-6">
          <EmptyState
            action={
              <Button variant="outline" size="sm">
                <Search aria-hidden="true" /> Resetează filtrele
              </Button>
            }
            description="Încercați alte filtre sau un alt termen de căutare."
          />
        </div>
        <h3 className="mt-6 mb-3 text-base font-semibold">Carduri de așteptare (lățimea ferestrei / 340)</h3>
        <PlaceholderCards />
      </Section>

      <Section id="notificari" title="Notificări">
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => showSuccessToast('Email-ul a fost trimis cu succes!')}>
            Succes
          </Button>
          <Button variant="outline" onClick={() => showErrorToast()}>
            Eroare
          </Button>
          <Button variant="outline" onClick={() => toast.warning('Acces neautorizat!')}>
            Avertisment
          </Button>
          <Button variant="outline" onClick={() => toast.info('Apăsați Enter pentru mai multe detalii.')}>
            Informare
          </Button>
          <Button
            variant="outline"
            onClick={() => toast('Cererea pentru resetarea parolei a fost trimisă!', { description: 'Verificați-vă emailul.' })}
          >
            Simplă, cu descriere
          </Button>
        </div>
      </Section>
    </PageContainer>
  );
}
