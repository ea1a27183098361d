import * as React from 'react';
import { foldDiacritics } from '@/lib/text';

/**
 * Marks where `query` occurs in `text`, ignoring case and diacritics in both Romanian spellings
 * ('scoala' highlights 'ȘCOALA' and 'ŞCOALA'). Each word of the query is marked on its own.
 */
export function highlightRanges(text: string, query: string): Array<[number, number]> {
  // Fold character by character so positions in the folded text map back to the original.
  const folded: string[] = [];
  const origin: number[] = [];
  Array.from(text).reduce((offset, ch) => {
    for (const f of foldDiacritics(ch.toLowerCase()).toLowerCase()) {
      folded.push(f);
      origin.push(offset);
    }
    return offset + ch.length;
  }, 0);
  const haystack = folded.join('');
  const words = foldDiacritics(query.toLowerCase()).toLowerCase().split(/\s+/).filter(Boolean);
  const ranges: Array<[number, number]> = [];
  for (const word of words) {
    let from = 0;
    for (;;) {
      const at = haystack.indexOf(word, from);
      if (at < 0) break;
      const start = origin[at];
      const lastIndex = at + word.length - 1;
      const end = origin[lastIndex] + (text.codePointAt(origin[lastIndex])! > 0xffff ? 2 : 1);
      ranges.push([start, end]);
      from = at + word.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

export function Highlight({ text, query, className }: { text: string; query: string; className?: string }) {
  const ranges = highlightRanges(text, query);
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let pos = 0;
  ranges.forEach(([start, end], i) => {
    if (start > pos) parts.push(text.slice(pos, start));
    parts.push(
      <mark key={i} className={className ?? 'rounded-sm bg-amber-100 px-0.5 font-semibold text-foreground'}>
        {text.slice(start, end)}
      </mark>,
    );
    pos = end;
  });
  if (pos < text.length) parts.push(text.slice(pos));
  return <>{parts}</>;
}
