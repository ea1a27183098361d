'use client';

// One comment thread in a dialog, shared by the comments on a company in a group and the comments
// on a sent message: the list (author, time, text), a new comment for those who may write, and edit
// and delete icons on the comments the caller wrote (the server checks every one of these too).
// Each domain passes its calls, its toasts and the form schema its server parses.
import * as React from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Pencil, Trash2 } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

/** A comment as the thread shows it. */
export type ThreadComment = { Id: number; Text: string; Author: string; CreatedOn: string; Editable: boolean };

/** The small buttons of the thread grow to a thumb's 44 px on a phone. */
const PHONE_TARGET = 'max-md:h-11 max-md:px-4 max-md:text-sm';

type FormSchema = z.ZodType<Record<string, string>, Record<string, string>>;

function CommentEditor({
  id,
  label,
  initial,
  submitText,
  schema,
  field,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  initial: string;
  submitText: string;
  schema: FormSchema;
  /** The text's field in the schema (Content, Comment). */
  field: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<Record<string, string>>({ resolver: zodResolver(schema) as Resolver<Record<string, string>>, defaultValues: { [field]: initial } });
  const submit = form.handleSubmit(async (v) => {
    try {
      await onSubmit(v[field].trim());
      form.reset({ [field]: onCancel ? v[field] : '' });
    } catch {
      // the toast said it; the text stays for another try
    }
  });
  const error = form.formState.errors[field]?.message;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <FormField id={id} label={label} errors={[typeof error === 'string' ? error : undefined]}>
        {(a11y) => <Textarea {...a11y} rows={3} maxLength={300} {...form.register(field)} />}
      </FormField>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" size="sm" className={PHONE_TARGET} onClick={onCancel}>
            Renunță
          </Button>
        ) : null}
        <Button type="submit" size="sm" className={PHONE_TARGET} disabled={form.formState.isSubmitting}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}

type CommentThreadDialogProps = {
  /** The thread shown (a company in a group, a sent message); null: the dialog is closed. */
  threadKey: number | null;
  description: string;
  onOpenChange: (open: boolean) => void;
  load: (key: number) => Promise<ThreadComment[]>;
  /** Null when the caller may only read. */
  add: ((key: number, text: string) => Promise<unknown>) | null;
  edit: (id: number, text: string) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  toasts: { added: string; updated: string; deleted: string };
  /** The Romanian message of a failed call (the server's, or the generic one when undefined). */
  errorText: (e: unknown) => string | undefined;
  schema: FormSchema;
  field: string;
  /** data-testid of each comment and the prefix of the editors' ids. */
  testId: string;
};

export function CommentThreadDialog({ threadKey, description, onOpenChange, load, add, edit, remove, toasts, errorText, schema, field, testId }: CommentThreadDialogProps) {
  const [loaded, setLoaded] = React.useState<{ key: number; list: ThreadComment[] } | null>(null);
  const [editing, setEditing] = React.useState<number | null>(null);
  const [deleting, setDeleting] = React.useState<number | null>(null);
  const comments = loaded && loaded.key === threadKey ? loaded.list : null;
  // The latest calls, without loading again when only their identity changes.
  const calls = React.useRef({ load, errorText });
  React.useLayoutEffect(() => {
    calls.current = { load, errorText };
  });

  const reload = React.useCallback(() => {
    if (threadKey === null) return Promise.resolve();
    return calls.current.load(threadKey).then(
      (list) => setLoaded({ key: threadKey, list }),
      (e) => {
        setLoaded({ key: threadKey, list: [] });
        showErrorToast(calls.current.errorText(e));
      },
    );
  }, [threadKey]);
  React.useEffect(() => {
    void reload();
  }, [reload]);

  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      showSuccessToast(success);
      await reload();
    } catch (e) {
      showErrorToast(errorText(e));
      throw e;
    }
  };

  return (
    <Dialog
      open={threadKey !== null}
      onOpenChange={(o) => {
        if (!o) setEditing(null);
        onOpenChange(o);
      }}
    >
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>Comentarii</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
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
              <li key={c.Id} className="rounded-lg border bg-subtle p-3" data-testid={testId}>
                <div className="flex items-start gap-2">
                  <p className="min-w-0 flex-1 text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">{c.Author}</span> · {formatDateTime(c.CreatedOn)}
                  </p>
                  {c.Editable && editing !== c.Id ? (
                    <div className="flex shrink-0 gap-1">
                      <Button variant="ghost" size="icon-sm" className="max-md:size-11" aria-label="Modifică comentariul" onClick={() => setEditing(c.Id)}>
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="icon-sm" className="max-md:size-11" aria-label="Șterge comentariul" onClick={() => setDeleting(c.Id)}>
                        <Trash2 aria-hidden="true" className="text-destructive" />
                      </Button>
                    </div>
                  ) : null}
                </div>
                {editing === c.Id ? (
                  <CommentEditor
                    id={`${testId}-edit-${c.Id}`}
                    label="Modifică comentariul"
                    initial={c.Text}
                    submitText="Salvează"
                    schema={schema}
                    field={field}
                    onSubmit={(text) => run(() => edit(c.Id, text), toasts.updated).then(() => setEditing(null))}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <p className="mt-1 text-sm break-words whitespace-pre-wrap">{c.Text}</p>
                )}
              </li>
            ))}
          </ul>
        )}
        {add && threadKey !== null ? (
          // The footer of the sheet on a phone: the new comment stays at hand under a long thread.
          <DialogFooter className="block sm:block">
            <CommentEditor
              id={`${testId}-new`}
              label="Comentariu nou"
              initial=""
              submitText="Adaugă comentariu"
              schema={schema}
              field={field}
              onSubmit={(text) => run(() => add(threadKey, text), toasts.added)}
            />
          </DialogFooter>
        ) : null}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(o) => !o && setDeleting(null)}
          description="Sigur doriți să ștergeți acest comentariu?"
          onConfirm={() => (deleting === null ? undefined : run(() => remove(deleting), toasts.deleted))}
        />
      </DialogContent>
    </Dialog>
  );
}
