import { apiRoute } from '@/server/http/route';
import { deleteUser } from '@/server/users/commands';

export const dynamic = 'force-dynamic';

// The product names no path for deleting a user; this one follows DELETE /api/Group/{id} (decision 017).
export const DELETE = apiRoute('DELETE /api/User/[id]', {
  handler: async ({ actor, params }) => {
    await deleteUser(actor, params.id);
  },
});
