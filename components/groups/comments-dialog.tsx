'use client';

// Comments on a company inside a group. Everyone in the group reads them; the owner and Edit
// members write; only the author sees the edit and delete icons (the server checks it too).
import { commentFormSchema } from '@/lib/groups/schemas';
import { commentsApi, GROUP_TOASTS, serverMessage } from '@/lib/groups/client';
import type { CompanyComment } from '@/lib/groups/types';
import { CommentThreadDialog, type ThreadComment } from '@/components/comments/comment-thread-dialog';

export type CommentTarget = { CompanyGroupId: number; Cui: number; Name: string; AccessToEdit: boolean };

const toThread = (c: CompanyComment): ThreadComment => ({ Id: c.Id, Text: c.Content, Author: c.CreatedBy, CreatedOn: c.CreatedOn, Editable: c.IsOwn });

export function CommentsDialog({ target, onOpenChange }: { target: CommentTarget | null; onOpenChange: (open: boolean) => void }) {
  return (
    <CommentThreadDialog
      threadKey={target?.CompanyGroupId ?? null}
      description={target?.Name ?? ''}
      onOpenChange={onOpenChange}
      load={(id) => commentsApi.list(id).then((list) => list.map(toThread))}
      add={target?.AccessToEdit ? (id, text) => commentsApi.add({ Content: text, CompanyCui: target.Cui, CompanyGroupId: id }) : null}
      edit={(id, text) => commentsApi.update({ Id: id, Content: text })}
      remove={(id) => commentsApi.remove(id)}
      toasts={{ added: GROUP_TOASTS.commentAdded, updated: GROUP_TOASTS.commentUpdated, deleted: GROUP_TOASTS.commentDeleted }}
      errorText={(e) => serverMessage(e) ?? undefined}
      schema={commentFormSchema}
      field="Content"
      testId="comment"
    />
  );
}
