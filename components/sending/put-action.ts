'use client';

// A campaign change sent with PUT (move, cancel, follow-up; issue 28): the success toast and the
// follow-up step, or the server's message as an error toast. Resolves to whether it worked.
import { api } from '@/lib/api-client';
import { serverMessage } from '@/lib/sending/client';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export async function putAction(path: string, body: unknown, success: string, then: () => void): Promise<boolean> {
  try {
    await api.put(path, body);
  } catch (e) {
    showErrorToast(serverMessage(e));
    return false;
  }
  showSuccessToast(success);
  then();
  return true;
}
