// The tick box of a result card (signed-in users): light, so the search page's first load stays
// free of the dialogs it leads to (they load with SearchActions).
/** The tick box of a result card: chooses it for "Adaugă selecția în grup". */
export function CardTick({ cui, name, checked, onChange }: { cui: number; name: string; checked: boolean; onChange: (cui: number, on: boolean) => void }) {
  return (
    <label className="inline-flex size-11 cursor-pointer md:size-9 items-center justify-center rounded-md hover:bg-muted">
      <input type="checkbox" className="size-4 accent-primary" checked={checked} onChange={(e) => onChange(cui, e.target.checked)} />
      <span className="sr-only">Selectează {name}</span>
    </label>
  );
}
