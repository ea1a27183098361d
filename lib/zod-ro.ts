// Romanian default messages for zod, for every schema without a message of its own (API query
// and body checks: `Errors` of a 400 answer). zod's own `ro` locale does the bulk; the messages
// of numbers, options and types are reworded so that no English type name ("number") shows.
// Imported for its side effect by server/http/route.ts, the one place that turns a ZodError into
// a 400; forms keep their explicit messages (lib/schemas/common.ts MESSAGES).
import { z } from 'zod';
import { ro } from 'zod/locales';
import { pluralRo } from './search-count';

const base = ro().localeError;
const NUMERIC = new Set(['number', 'int', 'bigint']);

const romanianErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (NUMERIC.has(issue.expected)) return 'Trebuie să fie un număr.';
      if (issue.expected === 'string') return 'Trebuie să fie un text.';
      if (issue.expected === 'boolean') return 'Trebuie să fie true sau false.';
      if (issue.input === undefined) return 'Câmp obligatoriu.';
      break;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Valoare invalidă; se acceptă doar ${String(issue.values[0])}.`
        : `Valoare invalidă; valori acceptate: ${issue.values.map(String).join(', ')}.`;
    case 'too_big':
      if (NUMERIC.has(String(issue.origin))) return issue.inclusive ? `Valoarea maximă este ${issue.maximum}.` : `Trebuie să fie mai mic decât ${issue.maximum}.`;
      if (issue.origin === 'string') return `Cel mult ${pluralRo(Number(issue.maximum), 'caracter', 'caractere')}.`;
      if (issue.origin === 'array') return `Cel mult ${pluralRo(Number(issue.maximum), 'element', 'elemente')}.`;
      break;
    case 'too_small':
      if (NUMERIC.has(String(issue.origin))) return issue.inclusive ? `Valoarea minimă este ${issue.minimum}.` : `Trebuie să fie mai mare decât ${issue.minimum}.`;
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? 'Câmp obligatoriu.' : `Cel puțin ${pluralRo(Number(issue.minimum), 'caracter', 'caractere')}.`;
      if (issue.origin === 'array') return `Cel puțin ${pluralRo(Number(issue.minimum), 'element', 'elemente')}.`;
      break;
    case 'unrecognized_keys':
      return `Câmpuri necunoscute: ${issue.keys.join(', ')}.`;
  }
  return base(issue);
};

z.config({ localeError: romanianErrorMap });
