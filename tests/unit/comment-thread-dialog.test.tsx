/** @jest-environment jsdom */
// The comment thread shared by group comments and sent-message comments
// (components/comments/comment-thread-dialog.tsx), with Testing Library and stubbed calls.
import * as React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '@testing-library/jest-dom';

const successes: string[] = [];
const errors: Array<string | undefined> = [];
jest.mock('@/components/layout/toaster', () => ({
  showSuccessToast: (m: string) => successes.push(m),
  showErrorToast: (m?: string) => errors.push(m),
}));

import { CommentThreadDialog, type ThreadComment } from '@/components/comments/comment-thread-dialog';
import { commentFormSchema } from '@/lib/groups/schemas';

const TOASTS = { added: 'Adăugat', updated: 'Modificat', deleted: 'Șters' };

function setup(opts: { canAdd?: boolean; failAdd?: boolean } = {}) {
  let list: ThreadComment[] = [
    { Id: 1, Text: 'Primul comentariu', Author: 'Ana', CreatedOn: '2026-11-20T10:00:00Z', Editable: true },
    { Id: 2, Text: 'Al doilea', Author: 'Dan', CreatedOn: '2026-11-21T10:00:00Z', Editable: false },
  ];
  const load = jest.fn(async () => list);
  const add = jest.fn(async (_key: number, text: string) => {
    if (opts.failAdd) throw new Error('nu');
    list = [...list, { Id: 3, Text: text, Author: 'Ana', CreatedOn: '2026-11-22T10:00:00Z', Editable: true }];
  });
  const edit = jest.fn(async (id: number, text: string) => {
    list = list.map((c) => (c.Id === id ? { ...c, Text: text } : c));
  });
  const remove = jest.fn(async (id: number) => {
    list = list.filter((c) => c.Id !== id);
  });
  render(
    <CommentThreadDialog
      threadKey={7}
      description="FIRMA SRL"
      onOpenChange={() => {}}
      load={load}
      add={opts.canAdd === false ? null : add}
      edit={edit}
      remove={remove}
      toasts={TOASTS}
      errorText={() => 'Eroare de la server'}
      schema={commentFormSchema}
      field="Content"
      testId="comment"
    />,
  );
  return { load, add, edit, remove };
}

beforeEach(() => {
  successes.length = 0;
  errors.length = 0;
});

test('lists the thread; only the comments the caller wrote get edit and delete', async () => {
  const { load } = setup();
  const items = await screen.findAllByTestId('comment');
  expect(load).toHaveBeenCalledWith(7);
  expect(items).toHaveLength(2);
  expect(within(items[0]).getByRole('button', { name: 'Modifică comentariul' })).toBeInTheDocument();
  expect(within(items[1]).queryByRole('button', { name: 'Modifică comentariul' })).toBeNull();
  expect(screen.getByText('FIRMA SRL')).toBeInTheDocument();
});

test('a new comment: 3 characters at least, then added, toasted and reloaded', async () => {
  const { add, load } = setup();
  await screen.findAllByTestId('comment');
  const box = screen.getByLabelText('Comentariu nou');
  fireEvent.change(box, { target: { value: 'ab' } });
  fireEvent.click(screen.getByRole('button', { name: 'Adaugă comentariu' }));
  await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
  expect(add).not.toHaveBeenCalled();
  fireEvent.change(box, { target: { value: '  Un comentariu nou  ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Adaugă comentariu' }));
  await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(3));
  expect(add).toHaveBeenCalledWith(7, 'Un comentariu nou');
  expect(successes).toEqual([TOASTS.added]);
  expect(load).toHaveBeenCalledTimes(2);
  expect(box).toHaveValue('');
});

test('a failed add says so and keeps the text', async () => {
  setup({ failAdd: true });
  await screen.findAllByTestId('comment');
  const box = screen.getByLabelText('Comentariu nou');
  fireEvent.change(box, { target: { value: 'Text păstrat' } });
  fireEvent.click(screen.getByRole('button', { name: 'Adaugă comentariu' }));
  await waitFor(() => expect(errors).toEqual(['Eroare de la server']));
  expect(box).toHaveValue('Text păstrat');
});

test('a reader without the right to write gets no new-comment box', async () => {
  setup({ canAdd: false });
  await screen.findAllByTestId('comment');
  expect(screen.queryByLabelText('Comentariu nou')).toBeNull();
});

test('edit and delete (after the confirmation) of an own comment', async () => {
  const { edit, remove } = setup();
  const [first] = await screen.findAllByTestId('comment');
  fireEvent.click(within(first).getByRole('button', { name: 'Modifică comentariul' }));
  const editor = screen.getByLabelText('Modifică comentariul', { selector: 'textarea' });
  fireEvent.change(editor, { target: { value: 'Text schimbat' } });
  fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
  await screen.findByText('Text schimbat');
  expect(edit).toHaveBeenCalledWith(1, 'Text schimbat');

  fireEvent.click(within(screen.getAllByTestId('comment')[0]).getByRole('button', { name: 'Șterge comentariul' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Da' }));
  await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(1));
  expect(remove).toHaveBeenCalledWith(1);
  expect(successes).toEqual([TOASTS.updated, TOASTS.deleted]);
});
