export default async function globalTeardown() {
  await globalThis.__RF_TEST_CLUSTER__?.cleanup();
}
