import type { z } from 'zod';

/** Issues of a failed parse as { 'path.to.field': [messages] }; {} when the input is valid. */
export function issuesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
