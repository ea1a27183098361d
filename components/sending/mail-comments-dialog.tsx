'use client';

// Comments on one sent message (one address of one company). Whoever sees the message reads and
// adds comments; only a comment's author sees its edit and delete icons (the server checks too).
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Trash2 } from 'lucide-react';
import { mailCommentFormSchema, type MailCommentFormInput } from '@/lib/sending/schemas';
import { SENDING_TOASTS, sendingApi, serverMessage } from '@/lib/sending/client';
import type { MailComment } from '@/lib/sending/types';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export type MailCommentTarget = { MailSendId: number; Label: string };

function CommentEditor({ id, label, initial, submitText, onSubmit, onCancel }: { id: string; label: string; initial: string; submitText: string; onSubmit: (v: string) => Promise<void>; onCancel?: () => void }) {
  const form = useForm<MailCommentFormInput>({ resolver: zodResolver(mailCommentFormSchema), defaultValues: { Comment: initial } });
  const submit = form.handleSubmit(async (v) => {
    try {
      await onSubmit(v.Comment.trim());
      form.reset({ Comment: onCancel ? v.Comment : '' });
    } catch {
      // the toast said it; the text stays for another try
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <FormField id={id} label={label} errors={[form.formState.errors.Comment?.message]}>
        {(a11y) => <Textarea {...a11y} rows={3} maxLength={300} {...form.register('Comment')} />}
      </FormField>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            Renunță
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}

export function MailCommentsDialog({ target, onOpenChange }: { target: MailCommentTarget | null; onOpenChange: (open: boolean) => void }) {
  const [loaded, setLoaded] = React.useState<{ id: number; list: MailComment[] } | null>(null);
  const [editing, setEditing] = React.useState<number | null>(null);
  const [deleting, setDeleting] = React.useState<number | null>(null);
  const mailId = target?.MailSendId;
  const comments = loaded && loaded.id === mailId ? loaded.list : null;

  const load = React.useCallback(() => {
    if (!mailId) return Promise.resolve();
    return sendingApi.comments(mailId).then(
      (list) => setLoaded({ id: mailId, list }),
      (e) => {
        setLoaded({ id: mailId, list: [] });
        showErrorToast(serverMessage(e));
      },
    );
  }, [mailId]);
  React.useEffect(() => {
    void load();
  }, [load]);

  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      showSuccessToast(success);
      await load();
    } catch (e) {
      showErrorToast(serverMessage(e));
      throw e;
    }
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(o) => {
        if (!o) setEditing(null);
        onOpenChange(o);
      }}
    >
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Comentarii</DialogTitle>
          <DialogDescription>{target?.Label}</DialogDescription>
        </DialogHeader>
        {comments === null ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nu există elemente!</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Comentarii">
            {comments.map((c) => (
              <li key={c.Id} className="rounded-lg border bg-subtle p-3" data-testid="mail-comment">
                <div className="flex items-start gap-2">
                  <p className="min-w-0 flex-1 text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">{c.CreatedBy}</span> · {formatDateTime(c.CreatedOn)}
                  </p>
                  {c.IsEditable && editing !== c.Id ? (
                    <div className="flex shrink-0 gap-1">
                      <Button variant="ghost" size="icon-sm" aria-label="Modifică comentariul" onClick={() => setEditing(c.Id)}>
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="icon-sm" aria-label="Șterge comentariul" onClick={() => setDeleting(c.Id)}>
                        <Trash2 aria-hidden="true" className="text-destructive" />
                      </Button>
                    </div>
                  ) : null}
                </div>
                {editing === c.Id ? (
                  <CommentEditor
                    id={`mail-comment-edit-${c.Id}`}
                    label="Modifică comentariul"
                    initial={c.Comment}
                    submitText="Salvează"
                    onSubmit={(v) => run(() => sendingApi.editComment(c.Id, v), SENDING_TOASTS.commentUpdated).then(() => setEditing(null))}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <p className="mt-1 text-sm break-words whitespace-pre-wrap">{c.Comment}</p>
                )}
              </li>
            ))}
          </ul>
        )}
        {mailId ? (
          <CommentEditor id="mail-comment-new" label="Comentariu nou" initial="" submitText="Adaugă comentariu" onSubmit={(v) => run(() => sendingApi.addComment(mailId, v), SENDING_TOASTS.commentAdded)} />
        ) : null}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(o) => !o && setDeleting(null)}
          description="Sigur doriți să ștergeți acest comentariu?"
          onConfirm={() => (deleting === null ? undefined : run(() => sendingApi.deleteComment(deleting), SENDING_TOASTS.commentDeleted))}
        />
      </DialogContent>
    </Dialog>
  );
}
