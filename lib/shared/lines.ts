// Lines of a long text (a pasted or uploaded list) walked without splitting it: 5 MB of line
// breaks is 5 million lines, and an array of them costs more than the text. Pure; shared by the
// CUI list reader and the bounded upload reader (server/uploads/bounded-sheet.ts).

/** Characters of a line read: a list's key (a CUI) is in its first fields; the rest is never shown. */
export const MAX_LINE_CHARS = 1_000;

/**
 * Calls `visit` with the bounds of each line (\r\n, \n or \r ends one; a text ending in a break
 * has an empty last line, as split() gives) until it returns false. No array of lines is built.
 */
export function eachLine(text: string, visit: (start: number, end: number, index: number) => boolean): void {
  const n = text.length;
  let start = 0;
  let index = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 10;
    if (c !== 10 && c !== 13) continue;
    if (!visit(start, i, index++) || i === n) return;
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
}

/** Whether text[start, end) is only white space (as trim() sees it), looking at most MAX_LINE_CHARS. */
export function isBlank(text: string, start: number, end: number): boolean {
  // No Math.min: under Jest's sandbox it costs half a microsecond, which a 5-million-line file feels.
  const stop = end - start > MAX_LINE_CHARS ? start + MAX_LINE_CHARS : end;
  for (let i = start; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c !== 0xa0 && c !== 0xfeff && c !== 0x1680 && !(c >= 0x2000 && c <= 0x200a) && c !== 0x2028 && c !== 0x2029 && c !== 0x202f && c !== 0x205f && c !== 0x3000) return false;
    if (c < 32 && (c < 9 || c > 13)) return false;
  }
  return true;
}

