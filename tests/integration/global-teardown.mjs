import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  await globalThis.__RF_TEST_CLUSTER__?.cleanup();
  // The throwaway mailbox global-setup.mjs made.
  if (globalThis.__RF_TEST_MAILBOX__) rmSync(globalThis.__RF_TEST_MAILBOX__, { recursive: true, force: true });
}
