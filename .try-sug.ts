import { suggestCompanies, clearSuggestionCache } from '@/server/search/suggest';
import { closeDb } from '@/server/db';
const texts = ['con', 'construct', 'dedeman', 'școala', 'scoala', 'şcoala', 'filimon tr', 'studio electric', 'ab', 'a_b', '100%', "o'neil",
  '3004975', '300', '3', 'RO3004', 'popescu', 'popesc', 'constrct', 'transilvnia', 'srl', 'zzzq', 'sc studio electric srl', 'mar', 'marin', 'ionescu dan', 'tech s.r.l.', 'x'];
(async () => {
  for (const t of texts) {
    const times: number[] = []; let r: Awaited<ReturnType<typeof suggestCompanies>> = [];
    for (let i = 0; i < 3; i++) { clearSuggestionCache(); const s = performance.now(); r = await suggestCompanies(null, { searchText: t }); times.push(performance.now() - s); }
    console.log(`${Math.min(...times).toFixed(1).padStart(6)} ms ${t.padEnd(24)} ${r.map((x) => `${x.Name}(${x.Cui})`).join(' | ')}`);
  }
  await closeDb();
})();
