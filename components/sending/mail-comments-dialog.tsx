'use client';

// Comments on one sent message (one address of one company). Whoever sees the message reads and
// adds comments; only a comment's author sees its edit and delete icons (the server checks too).
import { mailCommentFormSchema } from '@/lib/sending/schemas';
import { SENDING_TOASTS, sendingApi, serverMessage } from '@/lib/sending/client';
import type { MailComment } from '@/lib/sending/types';
import { CommentThreadDialog, type ThreadComment } from '@/components/comments/comment-thread-dialog';

export type MailCommentTarget = { MailSendId: number; Label: string };

const toThread = (c: MailComment): ThreadComment => ({ Id: c.Id, Text: c.Comment, Author: c.CreatedBy, CreatedOn: c.CreatedOn, Editable: c.IsEditable });

export function MailCommentsDialog({ target, onOpenChange }: { target: MailCommentTarget | null; onOpenChange: (open: boolean) => void }) {
  return (
    <CommentThreadDialog
      threadKey={target?.MailSendId ?? null}
      description={target?.Label ?? ''}
      onOpenChange={onOpenChange}
      load={(id) => sendingApi.comments(id).then((list) => list.map(toThread))}
      add={(id, text) => sendingApi.addComment(id, text)}
      edit={(id, text) => sendingApi.editComment(id, text)}
      remove={(id) => sendingApi.deleteComment(id)}
      toasts={{ added: SENDING_TOASTS.commentAdded, updated: SENDING_TOASTS.commentUpdated, deleted: SENDING_TOASTS.commentDeleted }}
      errorText={serverMessage}
      schema={mailCommentFormSchema}
      field="Comment"
      testId="mail-comment"
    />
  );
}
