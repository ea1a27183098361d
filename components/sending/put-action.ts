'use client';

// A campaign change sent with PUT (move, cancel, follow-up; issue 28): the success toast and the
// follow-up step, or the server's message as an error toast. Resolves to whether it worked. The
// caller passes the typed call (apiCall with its contract key).
import { serverMessage } from '@/lib/sending/client';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export async function putAction(call: () => Promise<unknown>, success: string, then: () => void): Promise<boolean> {
  try {
    await call();
  } catch (e) {
    showErrorToast(serverMessage(e));
    return false;
  }
  showSuccessToast(success);
  then();
  return true;
}
