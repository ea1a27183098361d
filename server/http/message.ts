import 'server-only';

/**
 * The answer of a command endpoint whose only result is a confirmation: `{ Message }` once the
 * command has run (a refusal it throws is mapped by the route wrapper as usual).
 */
export async function messageAfter(command: Promise<unknown>, Message: string): Promise<{ Message: string }> {
  await command;
  return { Message };
}
