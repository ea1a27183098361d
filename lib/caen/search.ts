// Word matching shared by the CAEN catalogue search (client) and find customers (server):
// diacritics- and case-insensitive, tolerant to Romanian inflection through word stems.
import { normalizeSearchText } from '@/lib/text';

/**
 * Stem of a search word: short words as they are, longer ones cut to 70 % (at least 4 letters),
 * so 'pâine' meets 'pâinii', 'mobilier' meets 'mobilă' and 'birou' 'birouri'.
 */
export function stem(word: string): string {
  return word.length <= 4 ? word : word.slice(0, Math.max(4, Math.floor(word.length * 0.7)));
}

/** Normalised words of a text (letters and digits only). */
export function words(text: string): string[] {
  return normalizeSearchText(text)
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** True when every stem starts a word of the normalised haystack. */
export function containsStems(haystackNorm: string, stems: string[]): boolean {
  const hay = ` ${haystackNorm.replace(/[^a-z0-9]+/g, ' ')}`;
  return stems.every((s) => hay.includes(` ${s}`));
}
