'use client';

// Comments on a company inside a group. Everyone in the group reads them; the owner and Edit
// members write; only the author sees the edit and delete icons (the server checks it too).
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Trash2 } from 'lucide-react';
import { commentFormSchema, type CommentFormInput } from '@/lib/groups/schemas';
import { commentsApi, GROUP_TOASTS, serverMessage } from '@/lib/groups/client';
import type { CompanyComment } from '@/lib/groups/types';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export type CommentTarget = { CompanyGroupId: number; Cui: number; Name: string; AccessToEdit: boolean };

function CommentEditor({ initial, label, submitText, onSubmit, onCancel, id }: { initial: string; label: string; submitText: string; onSubmit: (content: string) => Promise<void>; onCancel?: () => void; id: string }) {
  const form = useForm<CommentFormInput>({ resolver: zodResolver(commentFormSchema), defaultValues: { Content: initial } });
  const submit = form.handleSubmit(async (v) => {
    await onSubmit(v.Content.trim());
    form.reset({ Content: onCancel ? v.Content : '' });
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <FormField id={id} label={label} errors={[form.formState.errors.Content?.message]}>
        {(a11y) => <Textarea {...a11y} rows={3} maxLength={300} {...form.register('Content')} />}
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

export function CommentsDialog({ target, onOpenChange }: { target: CommentTarget | null; onOpenChange: (open: boolean) => void }) {
  const [loaded, setLoaded] = React.useState<{ id: number; comments: CompanyComment[] } | null>(null);
  const [editing, setEditing] = React.useState<number | null>(null);
  const [deleting, setDeleting] = React.useState<number | null>(null);
  const companyGroupId = target?.CompanyGroupId;

  const comments = loaded && loaded.id === companyGroupId ? loaded.comments : null;

  const load = React.useCallback(() => {
    if (!companyGroupId) return Promise.resolve();
    return commentsApi.list(companyGroupId).then(
      (list) => setLoaded({ id: companyGroupId, comments: list }),
      (e) => {
        setLoaded({ id: companyGroupId, comments: [] });
        showErrorToast(serverMessage(e) ?? undefined);
      },
    );
  }, [companyGroupId]);

  React.useEffect(() => {
    void load();
  }, [load]);

  const add = async (content: string) => {
    if (!target) return;
    try {
      await commentsApi.add({ Content: content, CompanyCui: target.Cui, CompanyGroupId: target.CompanyGroupId });
      showSuccessToast(GROUP_TOASTS.commentAdded);
      await load();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };
  const update = async (id: number, content: string) => {
    try {
      await commentsApi.update({ Id: id, Content: content });
      showSuccessToast(GROUP_TOASTS.commentUpdated);
      setEditing(null);
      await load();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };
  const remove = async () => {
    if (deleting === null) return;
    try {
      await commentsApi.remove(deleting);
      showSuccessToast(GROUP_TOASTS.commentDeleted);
      await load();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
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
          <DialogDescription>{target?.Name}</DialogDescription>
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
              <li key={c.Id} className="rounded-lg border bg-subtle p-3" data-testid="comment">
                <div className="flex items-start gap-2">
                  <p className="min-w-0 flex-1 text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">{c.CreatedBy}</span> · {formatDateTime(c.CreatedOn)}
                  </p>
                  {c.IsOwn && editing !== c.Id ? (
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
                  <CommentEditor id={`comment-edit-${c.Id}`} label="Modifică comentariul" initial={c.Content} submitText="Salvează" onSubmit={(v) => update(c.Id, v)} onCancel={() => setEditing(null)} />
                ) : (
                  <p className="mt-1 text-sm break-words whitespace-pre-wrap">{c.Content}</p>
                )}
              </li>
            ))}
          </ul>
        )}
        {target?.AccessToEdit ? <CommentEditor id="comment-new" label="Comentariu nou" initial="" submitText="Adaugă comentariu" onSubmit={add} /> : null}
        <ConfirmDialog open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)} description="Sigur doriți să ștergeți acest comentariu?" onConfirm={remove} />
      </DialogContent>
    </Dialog>
  );
}
