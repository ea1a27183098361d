/** @jest-environment jsdom */
// The template pages with Testing Library (the API calls are stubbed, the GrapesJS editor is a
// stand-in): a template that cannot be loaded for editing sends the user back to /Template-uri; a
// loaded one fills the form; a form inside the editor (GrapesJS's asset manager has one, "Adaugă
// imagine") does not save the template when it is submitted and its submit bubbles (GrapesJS 0.23
// stops it itself; the page must not depend on that).
import * as React from 'react';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/api/client';
import type { MailTemplateDetails } from '@/lib/templates/types';

configure({ asyncUtilTimeout: 5000 });

const mockDesign = '{"format":"grapesjs-mjml","version":1,"mjml":"<mjml></mjml>","project":{}}';
// The editor stand-in: ready at once, and like GrapesJS it puts markup of its own (not React's) in
// the page, here the asset manager's "Adaugă imagine" form.
jest.mock('@/components/templates/email-editor', () => {
  const { createElement, useEffect, useRef } = jest.requireActual<typeof import('react')>('react');
  return {
    EmailEditor: function MockEditor({ onReady }: { onReady?: (h: { getContent: () => string; getHtml: () => string }) => void }) {
      const ref = useRef<HTMLDivElement>(null);
      useEffect(() => {
        const el = ref.current!;
        // Built node by node: GrapesJS renders its views detached, so the parser's rule against
        // a form inside a form does not drop it.
        const assetForm = document.createElement('form');
        assetForm.className = 'gjs-am-add-asset';
        assetForm.innerHTML = '<input aria-label="Adresa imaginii" value="https://e.ro/a.png"><button>Adaugă imagine</button>';
        assetForm.addEventListener('submit', (e) => e.preventDefault());
        el.replaceChildren(assetForm);
        onReady?.({ getContent: () => mockDesign, getHtml: () => '<p>Salut</p>' });
      }, [onReady]);
      return createElement('div', { ref });
    },
  };
});
const mockGet = jest.fn<Promise<MailTemplateDetails>, [number]>();
const mockAdd = jest.fn(async () => ({ Id: 5, Name: 'x', Description: '', Tags: [] }));
const mockEdit = jest.fn(async () => ({ Id: 5, Name: 'x', Description: '', Tags: [] }));
jest.mock('@/lib/templates/client', () => {
  const actual = jest.requireActual('@/lib/templates/client');
  return {
    ...actual,
    templatesApi: { ...actual.templatesApi, get: (id: number) => mockGet(id), tags: async () => ['Ofertă'], add: () => mockAdd(), edit: () => mockEdit() },
  };
});
jest.mock('@/components/sending/send-to-groups-host', () => ({ openSendToGroups: jest.fn(), SendToGroupsHost: () => null }));
const push = jest.fn();
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace, refresh: jest.fn() }), usePathname: () => '/Template-uri' }));
const mockErrorToast = jest.fn();
jest.mock('@/components/layout/toaster', () => ({ showErrorToast: (m?: string) => mockErrorToast(m), showSuccessToast: jest.fn(), toast: { success: jest.fn() } }));

import { EditTemplate, TemplateForm } from '@/components/templates/template-form';

beforeEach(() => jest.clearAllMocks());

test('a template that cannot be loaded sends the user back to the list (/Template-uri) with the server message', async () => {
  mockGet.mockRejectedValue(new ApiError(404, { Message: 'Template-ul nu a fost găsit.' } as never));
  render(<EditTemplate templateId={77} />);
  await waitFor(() => expect(replace).toHaveBeenCalledWith('/Template-uri'));
  expect(mockGet).toHaveBeenCalledWith(77);
  expect(mockErrorToast).toHaveBeenCalledWith('Template-ul nu a fost găsit.');
  expect(push).not.toHaveBeenCalled();
});

test('a loaded template fills the form and stays on its page', async () => {
  mockGet.mockResolvedValue({ Id: 77, Name: 'Ofertă de toamnă', Description: 'Pentru clienți', Content: mockDesign, Tags: ['Ofertă'] });
  render(<EditTemplate templateId={77} />);
  expect(await screen.findByLabelText('Titlu')).toHaveValue('Ofertă de toamnă');
  expect(screen.getByLabelText('Descriere')).toHaveValue('Pentru clienți');
  expect(screen.getByRole('button', { name: 'Trimite' })).toBeEnabled();
  expect(replace).not.toHaveBeenCalled();
});

test('a form inside the editor does not save the template; Salvare does', async () => {
  render(<TemplateForm template={null} />);
  await screen.findByRole('button', { name: 'Adaugă imagine' });
  fireEvent.change(screen.getByLabelText('Titlu'), { target: { value: 'Ofertă nouă' } });
  fireEvent.click(screen.getByRole('button', { name: 'Adaugă imagine' }));
  // Give a wrongly bubbled submit time to reach the save.
  await new Promise((r) => setTimeout(r, 50));
  expect(mockAdd).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Salvare' }));
  await waitFor(() => expect(mockAdd).toHaveBeenCalledTimes(1));
  expect(await screen.findByTestId('success-dialog')).toHaveTextContent('Template-ul a fost adăugat');
});
