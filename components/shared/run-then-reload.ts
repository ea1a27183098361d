// The action of a confirm dialog that changes a list (delete a template, a draft, a draft's
// company): on success the toast and the list's reload; on a refusal the server's words as an
// error toast, and the error rethrown so that the dialog stays open.
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export async function runThenReload(
  run: () => Promise<unknown>,
  { success, reload, errorText }: { success: string; reload: () => void; errorText: (e: unknown) => string | undefined },
): Promise<void> {
  try {
    await run();
    showSuccessToast(success);
    reload();
  } catch (e) {
    showErrorToast(errorText(e));
    throw e;
  }
}
