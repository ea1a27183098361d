'use client';

// The visual email editor (GrapesJS with its MJML plugin), loaded only by the editor pages through
// next/dynamic (email-editor.tsx): its code and stylesheet are a chunk of their own. The design is
// stored as JSON text (lib/templates/design.ts): the editor's project data to reopen it unchanged
// and the MJML the server renders.
import * as React from 'react';
import grapesjs, { type Editor } from 'grapesjs';
import grapesjsMjml from 'grapesjs-mjml';
import 'grapesjs/dist/css/grapes.min.css';
import './email-editor.css';
import { readDesign, serializeDesign } from '@/lib/templates/design';
import { MERGE_FIELDS } from '@/lib/templates/merge';
import { grapesRo, mjmlRo } from './editor-locale-ro';
import type { EmailEditorHandle, EmailEditorProps } from './email-editor-types';

// A new design starts with one section and a greeting with a merge field.
const STARTER_MJML = `<mjml>
  <mj-body background-color="#f1f5f9">
    <mj-section background-color="#ffffff" padding="24px 16px">
      <mj-column>
        <mj-text font-size="20px" font-weight="700" color="#0f172a">Bună ziua, {{NumeFirma}}!</mj-text>
        <mj-text font-size="15px" line-height="1.6" color="#0f172a">Scrieți aici mesajul dumneavoastră.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

// Only blocks that need nothing from the web (no icon sets or sample images from other hosts) and
// no raw HTML.
const BLOCKS = ['mj-1-column', 'mj-2-columns', 'mj-3-columns', 'mj-text', 'mj-button', 'mj-image', 'mj-divider', 'mj-spacer'];

// A neutral grey placeholder, inline: the editor works offline.
const IMAGE_PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="350" height="200"><rect width="100%" height="100%" fill="#cbd5e1"/><text x="50%" y="50%" font-family="Arial" font-size="18" fill="#334155" text-anchor="middle" dominant-baseline="middle">Imagine</text></svg>');

// GrapesJS' own panel buttons use Font Awesome from a CDN; the editor works offline, so they get
// inline icons instead (Lucide's shapes).
const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" style="display:block;margin:auto">${body}</svg>`;
const PANEL_ICONS: Record<string, string> = {
  'sw-visibility': svg('<path d="M5 3a2 2 0 0 0-2 2"/><path d="M19 3a2 2 0 0 1 2 2"/><path d="M21 19a2 2 0 0 1-2 2"/><path d="M5 21a2 2 0 0 1-2-2"/><path d="M9 3h1"/><path d="M9 21h1"/><path d="M14 3h1"/><path d="M14 21h1"/><path d="M3 9v1"/><path d="M21 9v1"/><path d="M3 14v1"/><path d="M21 14v1"/>'),
  preview: svg('<path d="M2.06 12.35a1 1 0 0 1 0-.7 10.75 10.75 0 0 1 19.88 0 1 1 0 0 1 0 .7 10.75 10.75 0 0 1-19.88 0"/><circle cx="12" cy="12" r="3"/>'),
  fullscreen: svg('<path d="M8 3H5a2 2 0 0 0-2 2v3"/><path d="M21 8V5a2 2 0 0 0-2-2h-3"/><path d="M3 16v3a2 2 0 0 0 2 2h3"/><path d="M16 21h3a2 2 0 0 0 2-2v-3"/>'),
  'export-template': svg('<polyline points="16 18 22 12 16 6"/><polyline points="8 6 2 12 8 18"/>'),
  'open-sm': svg('<path d="M9.06 11.9l8.07-8.06a2.85 2.85 0 1 1 4.03 4.03l-8.06 8.08"/><path d="M7.07 14.94c-1.66 0-3 1.35-3 3.02 0 1.33-2.5 1.52-2 2.02 1.08 1.1 2.49 2.02 4 2.02 2.2 0 4-1.8 4-4.04a3.01 3.01 0 0 0-3-3.02z"/>'),
  'open-tm': svg('<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M4.93 4.93l2.12 2.12M16.95 16.95l2.12 2.12M2 12h3M19 12h3M4.93 19.07l2.12-2.12M16.95 7.05l2.12-2.12"/>'),
  'open-layers': svg('<path d="m12 2 10 5-10 5L2 7z"/><path d="m2 17 10 5 10-5"/><path d="m2 12 10 5 10-5"/>'),
  'open-blocks': svg('<rect x="3" y="3" width="7" height="7" rx="1"/><rect x="14" y="3" width="7" height="7" rx="1"/><rect x="3" y="14" width="7" height="7" rx="1"/><rect x="14" y="14" width="7" height="7" rx="1"/>'),
};

const MERGE_SELECT = `<select class="gjs-field rf-merge-select" aria-label="Inserează un câmp personalizat" title="Câmpuri personalizate">
  <option value="">Câmpuri personalizate</option>
  ${MERGE_FIELDS.map((f) => `<option value="{{${f.token}}}">${f.label}</option>`).join('')}
</select>`;

export default function EmailEditorImpl({ initialContent, onReady, onChange, height = 640, label }: EmailEditorProps) {
  const containerRef = React.useRef<HTMLDivElement>(null);
  const onReadyRef = React.useRef(onReady);
  const onChangeRef = React.useRef(onChange);
  React.useEffect(() => {
    onReadyRef.current = onReady;
    onChangeRef.current = onChange;
  });

  React.useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const design = readDesign(initialContent);
    const project = design?.project && typeof design.project === 'object' && 'pages' in (design.project as object) ? design.project : null;

    const editor: Editor = grapesjs.init({
      container,
      height: `${height}px`,
      width: 'auto',
      fromElement: false,
      storageManager: false,
      telemetry: false,
      // No icon font from a CDN (the panel icons are replaced below).
      cssIcons: '',
      // Images are addresses on the web; nothing is uploaded or embedded in the design.
      assetManager: { upload: false, embedAsBase64: false },
      i18n: { locale: 'ro', localeFallback: 'en', detectLocale: false, messages: { ro: grapesRo } },
      plugins: [grapesjsMjml],
      pluginsOpts: {
        [grapesjsMjml as unknown as string]: {
          blocks: BLOCKS,
          imagePlaceholderSrc: IMAGE_PLACEHOLDER,
          i18n: { ro: mjmlRo },
          // No web fonts: the canvas and the message use the system font stacks.
          fonts: {},
        },
      },
      ...(project ? { projectData: project } : { components: design?.mjml.trim() ? design.mjml : STARTER_MJML }),
    });

    // Merge fields from the text toolbar: choose one and it is typed at the cursor.
    editor.RichTextEditor.add('merge-fields', {
      icon: MERGE_SELECT,
      event: 'change',
      result: (rte, action) => {
        const select = (action as unknown as { btn: HTMLElement }).btn.querySelector('select');
        if (!select?.value) return;
        rte.insertHTML(select.value);
        // insertHTML leaves the inserted text selected: the next key would replace it.
        rte.doc.getSelection()?.collapseToEnd();
      },
      update: (_rte, action) => {
        const select = (action as unknown as { btn: HTMLElement }).btn.querySelector('select');
        if (select) select.value = '';
        return 0; // the "inactive" state: a select is never highlighted
      },
    });

    for (const panel of editor.Panels.getPanels()) {
      for (const button of panel.buttons.models) {
        const icon = PANEL_ICONS[button.id];
        if (!icon) continue;
        button.set({ className: String(button.get('className') ?? '').replace(/\bfa(-[\w-]+)?\b/g, '').trim(), label: icon });
      }
    }
    // The blocks are what a new author needs first: that view opens with the editor.
    editor.Panels.getButton('views', 'open-blocks')?.set('active', true);

    const handle: EmailEditorHandle = {
      getContent: () => serializeDesign(editor.getHtml(), editor.getProjectData()),
      getHtml: () => {
        const out = editor.runCommand('mjml-code-to-html') as { html?: string } | undefined;
        return out?.html ?? '';
      },
    };
    let ready = false;
    editor.onReady(() => {
      ready = true;
      // The canvas iframe has no name of its own; screen readers announce it by this title.
      editor.Canvas.getFrameEl()?.setAttribute('title', 'Conținutul email-ului');
      container.setAttribute('data-editor-ready', 'true');
      onReadyRef.current?.(handle);
    });
    editor.on('update', () => {
      if (ready) onChangeRef.current?.();
    });
    return () => {
      editor.destroy();
      container.removeAttribute('data-editor-ready');
    };
    // The editor is created once per mounted design; later prop changes must not rebuild it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div role="region" aria-label={label} className="overflow-hidden rounded-lg border border-border">
      <div ref={containerRef} className="rf-email-editor" />
    </div>
  );
}
