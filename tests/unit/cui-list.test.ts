import { readCuiList } from '@/lib/prospecting/cui-list';
import { appendCuiCheckDigit } from '@/lib/cui';

const a = Number(appendCuiCheckDigit(1439984));
const b = Number(appendCuiCheckDigit(3131));

describe('readCuiList', () => {
  it('reads CUIs with or without RO, in CSV fields, once each; reports bad lines by number', () => {
    const r = readCuiList(['\uFEFFCUI;Denumire', `RO${a};Alfa`, `"ro ${b}",Beta`, `${a}`, '12345678', 'fără cui', ''].join('\r\n'), 100);
    expect(r.cuis).toEqual([a, b]);
    expect(r.duplicates).toBe(1);
    expect(r.invalid).toEqual([
      { line: 5, text: '12345678' },
      { line: 6, text: 'fără cui' },
    ]);
  });

  it('stops after maxLines non-empty lines', () => {
    expect(readCuiList([a, b].join('\n'), 1).cuis).toEqual([a]);
  });

  it('a first line with digits is data, not a header', () => {
    expect(readCuiList('123\nx', 10).invalid.map((l) => l.line)).toEqual([1, 2]);
  });
});
