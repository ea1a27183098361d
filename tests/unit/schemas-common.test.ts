import { z } from 'zod';
import {
  EMAIL_REGEX,
  MESSAGES,
  isEmailLike,
  optionalEmail,
  optionalString,
  queryBoolean,
  queryNumber,
  queryNumberWithDefault,
  queryText,
  requiredEmail,
  requiredString,
  searchParamsToObject,
} from '@/lib/shared/schemas';
import { issuesOf } from './schemas-helpers';

describe('shared messages', () => {
  it('are the spec texts', () => {
    expect(MESSAGES.required).toBe('Acest câmp este necesar.');
    expect(MESSAGES.email).toBe('Acest câmp trebuie să fie un e-mail valid.');
    expect(MESSAGES.minLength(3)).toBe('Acest câmp trebuie să fie mai mare de 3 caractere.');
    expect(MESSAGES.maxLength(200)).toBe('Acest câmp trebuie să fie mai mic de 200 de caractere.');
  });
});

describe('requiredString', () => {
  const schema = z.object({ Name: requiredString({ min: 3, max: 5 }) });
  it('reports only the required message for empty, blank or missing values', () => {
    expect(issuesOf(schema, { Name: '' })).toEqual({ Name: [MESSAGES.required] });
    expect(issuesOf(schema, { Name: '   ' })).toEqual({ Name: [MESSAGES.required] });
    expect(issuesOf(schema, {})).toEqual({ Name: [MESSAGES.required] });
    expect(issuesOf(schema, { Name: null })).toEqual({ Name: [MESSAGES.required] });
  });
  it('checks the length after trimming', () => {
    expect(issuesOf(schema, { Name: 'ab' })).toEqual({ Name: [MESSAGES.minLength(3)] });
    expect(issuesOf(schema, { Name: ' abc ' })).toEqual({});
    expect(schema.parse({ Name: ' abc ' }).Name).toBe('abc');
    expect(issuesOf(schema, { Name: 'abcde' })).toEqual({});
    expect(issuesOf(schema, { Name: 'abcdef' })).toEqual({ Name: [MESSAGES.maxLength(5)] });
  });
  it('accepts a custom required message', () => {
    expect(issuesOf(requiredString({ requiredMessage: 'X' }), '')).toEqual({ '': ['X'] });
  });
});

describe('optionalString', () => {
  it('turns missing values into an empty string and checks the maximum', () => {
    const schema = optionalString({ max: 3 });
    expect(schema.parse(undefined)).toBe('');
    expect(schema.parse(null)).toBe('');
    expect(schema.parse(' ab ')).toBe('ab');
    expect(issuesOf(schema, 'abcd')).toEqual({ '': [MESSAGES.maxLength(3)] });
  });
});

describe('emails', () => {
  it('requiredEmail: empty -> required, malformed -> email message', () => {
    expect(issuesOf(requiredEmail(), '')).toEqual({ '': [MESSAGES.required] });
    expect(issuesOf(requiredEmail(), 'a@b')).toEqual({ '': [MESSAGES.email] });
    expect(issuesOf(requiredEmail(), 'ion popescu@firma.ro')).toEqual({ '': [MESSAGES.email] });
    expect(requiredEmail().parse(' Ion.Popescu+x@firma-mea.co.ro ')).toBe('Ion.Popescu+x@firma-mea.co.ro');
  });
  it('optionalEmail: empty passes', () => {
    expect(optionalEmail().parse('')).toBe('');
    expect(optionalEmail().parse(undefined)).toBe('');
    expect(issuesOf(optionalEmail(), 'nope')).toEqual({ '': [MESSAGES.email] });
    expect(issuesOf(optionalEmail({ max: 10 }), 'abcdef@ghij.ro')).toEqual({ '': [MESSAGES.maxLength(10)] });
  });
  it('isEmailLike uses the same pattern', () => {
    expect(EMAIL_REGEX.test('office@dante.ro')).toBe(true);
    expect(isEmailLike('office@dante')).toBe(false);
    expect(isEmailLike(null)).toBe(false);
  });
});

describe('query helpers', () => {
  it('queryBoolean accepts true/false strings and booleans, blank is null', () => {
    const schema = queryBoolean();
    expect(schema.parse('true')).toBe(true);
    expect(schema.parse('False')).toBe(false);
    expect(schema.parse(true)).toBe(true);
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.safeParse('1').success).toBe(false);
    expect(schema.safeParse('yes').success).toBe(false);
  });
  it('queryNumber coerces and validates, blank is null', () => {
    const schema = queryNumber({ int: true, min: 0 });
    expect(schema.parse('12')).toBe(12);
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.safeParse('abc').success).toBe(false);
    expect(schema.safeParse('-1').success).toBe(false);
    expect(schema.safeParse('1.5').success).toBe(false);
    expect(queryNumber().parse('1.5')).toBe(1.5);
  });
  it('queryNumberWithDefault falls back to the default', () => {
    expect(queryNumberWithDefault(1).parse(undefined)).toBe(1);
    expect(queryNumberWithDefault(1).parse('4')).toBe(4);
  });
  it('queryText trims and defaults to an empty string', () => {
    expect(queryText().parse(undefined)).toBe('');
    expect(queryText().parse('  x ')).toBe('x');
    expect(queryText({ max: 2 }).safeParse('abc').success).toBe(false);
  });
  it('searchParamsToObject takes the first value of each key', () => {
    expect(searchParamsToObject(new URLSearchParams('a=1&a=2&b='))).toEqual({ a: '1', b: '' });
    expect(searchParamsToObject({ a: ['x', 'y'], b: 'z', c: undefined })).toEqual({ a: 'x', b: 'z' });
  });
});
