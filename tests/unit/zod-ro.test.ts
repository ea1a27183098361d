// Romanian default messages of zod (lib/zod-ro.ts): what a 400 answer says for checks that have no message of their own.
import { z } from 'zod';
import '@/lib/zod-ro';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('lib/zod-ro', () => {
  it('words numbers, bounds and options in Romanian', () => {
    expect(messages(z.coerce.number().int().min(1).max(100), 'abc')).toEqual(['Trebuie să fie un număr.']);
    expect(messages(z.number().min(1), 0)).toEqual(['Valoarea minimă este 1.']);
    expect(messages(z.number().max(100), 101)).toEqual(['Valoarea maximă este 100.']);
    expect(messages(z.number().gt(0), 0)).toEqual(['Trebuie să fie mai mare decât 0.']);
    expect(messages(z.number().lt(5), 5)).toEqual(['Trebuie să fie mai mic decât 5.']);
    expect(messages(z.enum(['All', 'County', 'Prefecture']), 'Planet')).toEqual(['Valoare invalidă; valori acceptate: All, County, Prefecture.']);
    expect(messages(z.literal('Name'), 'x')).toEqual(['Valoare invalidă; se acceptă doar Name.']);
  });

  it('words texts, lists, missing and unknown fields in Romanian', () => {
    expect(messages(z.string().max(3), 'abcd')).toEqual(['Cel mult 3 caractere.']);
    expect(messages(z.string().min(1), '')).toEqual(['Câmp obligatoriu.']);
    expect(messages(z.string().min(5), 'ab')).toEqual(['Cel puțin 5 caractere.']);
    expect(messages(z.array(z.number()).max(1), [1, 2])).toEqual(['Cel mult 1 element.']);
    expect(messages(z.string().max(200), 'x'.repeat(201))).toEqual(['Cel mult 200 de caractere.']);
    expect(messages(z.array(z.number()).min(2), [1])).toEqual(['Cel puțin 2 elemente.']);
    expect(messages(z.object({ a: z.string() }), {})).toEqual(['Trebuie să fie un text.']);
    expect(messages(z.object({ a: z.boolean() }), { a: 'x' })).toEqual(['Trebuie să fie true sau false.']);
    expect(messages(z.strictObject({}), { b: 1 })).toEqual(['Câmpuri necunoscute: b.']);
  });

  it('falls back to zod’s Romanian locale, never English', () => {
    const [msg] = messages(z.email(), 'nu-i email');
    expect(msg).toBe('Format invalid: adresă de email');
  });

  it('leaves explicit messages alone', () => {
    expect(messages(z.number({ error: 'CUI invalid.' }), 'x')).toEqual(['CUI invalid.']);
  });
});
