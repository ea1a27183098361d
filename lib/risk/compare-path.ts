// The comparison's address, without zod: the search page's cards link to it (decision 107) and its
// client code loads no schema library (lib/search/schemas.ts says why).

export const MAX_COMPARED = 5;

/** The comparison's address for a list of CUIs (shareable: the list is the whole state). */
export const comparePath = (cuis: readonly number[]) => (cuis.length ? `/Compara?cui=${cuis.join(',')}` : '/Compara');
