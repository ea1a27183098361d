import { checkDesign, DESIGN_MAX_BYTES, DESIGN_MESSAGES, readDesign, serializeDesign } from '@/lib/templates/design';
import { applyMergeFields, escapeHtml, MERGE_FIELDS, placeholderFor, SAMPLE_MERGE_VALUES } from '@/lib/templates/merge';
import { editTemplateSchema, templateListQuerySchema, templateSchema } from '@/lib/templates/schemas';
import { createDraftSchema, draftFormSchema, editDraftSchema } from '@/lib/drafts/schemas';
import { MESSAGES } from '@/lib/shared/schemas';
import { issuesOf } from './schemas-helpers';

const mjml = '<mjml><mj-body><mj-section><mj-column><mj-text>Salut {{NumeFirma}}</mj-text></mj-column></mj-section></mj-body></mjml>';

describe('design checks', () => {
  it('accepts an empty design and a design of the editor', () => {
    expect(checkDesign('')).toEqual({ ok: true, design: null });
    const content = serializeDesign(mjml, { pages: [] });
    expect(checkDesign(content)).toEqual({ ok: true, design: { format: 'grapesjs-mjml', version: 1, mjml, project: { pages: [] } } });
    expect(readDesign(content)?.mjml).toBe(mjml);
  });

  it.each([
    ['{', DESIGN_MESSAGES.notJson],
    ['[]', DESIGN_MESSAGES.notJson],
    ['"text"', DESIGN_MESSAGES.notJson],
    [JSON.stringify({ format: 'other', mjml }), DESIGN_MESSAGES.notJson],
    [serializeDesign('<mj-text><SCRIPT src="x"></SCRIPT></mj-text>', {}), DESIGN_MESSAGES.unsafe],
    [serializeDesign('<mj-text><img src=x onError=alert(1)></mj-text>', {}), DESIGN_MESSAGES.unsafe],
    [serializeDesign('<mj-button href=" javascript :alert(1)">x</mj-button>', {}), DESIGN_MESSAGES.unsafe],
    [serializeDesign(mjml, { components: [{ attributes: { onmouseover: 'x()' } }] }), DESIGN_MESSAGES.unsafe],
    [serializeDesign(mjml, { components: [{ content: '<iframe src="https://e.ro">' }] }), DESIGN_MESSAGES.unsafe],
    [serializeDesign(mjml, { styles: 'a { width: expression(alert(1)) }' }), DESIGN_MESSAGES.unsafe],
  ])('refuses %p', (content, message) => {
    expect(checkDesign(content)).toEqual({ ok: false, message });
  });

  it('refuses a design over 5 MB, counting bytes not characters', () => {
    expect(checkDesign(serializeDesign(mjml, { x: 'a'.repeat(DESIGN_MAX_BYTES) }))).toEqual({ ok: false, message: DESIGN_MESSAGES.tooLarge });
    // 2 bytes per "ă": under the limit in characters, over it in bytes.
    expect(checkDesign(serializeDesign(mjml, { x: 'ă'.repeat(DESIGN_MAX_BYTES / 2 + 10) }))).toEqual({ ok: false, message: DESIGN_MESSAGES.tooLarge });
  });

  it('does not mistake ordinary text for code', () => {
    expect(checkDesign(serializeDesign('<mjml><mj-body><mj-text>Ofertă: online = mai ieftin; data: 1 mai</mj-text></mj-body></mjml>', {})).ok).toBe(true);
  });
});

describe('merge fields', () => {
  it('replaces Romanian tokens and API names, any case and spacing; unknown stay', () => {
    const values = { ...SAMPLE_MERGE_VALUES, CompanyName: 'A & B <SRL>' };
    expect(applyMergeFields('{{NumeFirma}} {{ cui }} {{CompanyName}} {{Altceva}}', values)).toBe(`A &amp; B &lt;SRL&gt; ${values.Cui} A &amp; B &lt;SRL&gt; {{Altceva}}`);
    expect(applyMergeFields('{{NumeFirma}}', values, (v) => v)).toBe('A & B <SRL>');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
    expect(MERGE_FIELDS.map((f) => placeholderFor(f.key))).toEqual(['{{NumeFirma}}', '{{CUI}}', '{{Judet}}', '{{ActivitateCAEN}}', '{{NumeContact}}']);
  });
});

describe('template and draft schemas', () => {
  it('tags: trimmed, repeats ignored regardless of case, at most 60 characters and 20 tags', () => {
    expect(templateSchema.parse({ Name: 'Ofertă', Tags: [' Toamnă ', 'toamnă', 'Iarnă'] }).Tags).toEqual(['Toamnă', 'Iarnă']);
    expect(issuesOf(templateSchema, { Name: 'Ofertă', Tags: ['a'.repeat(61)] })).toEqual({ 'Tags.0': [MESSAGES.maxLength(60)] });
    expect(Object.keys(issuesOf(templateSchema, { Name: 'Ofertă', Tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }))).toEqual(['Tags']);
  });

  it('Edit needs the id; the list query has defaults and refuses unknown orders', () => {
    expect(Object.keys(issuesOf(editTemplateSchema, { Name: 'Ofertă' }))).toEqual(['Id']);
    expect(templateListQuerySchema.parse({})).toEqual({ OrderBy: 'Name', SearchText: '', PageNumber: 1 });
    expect(templateListQuerySchema.safeParse({ OrderBy: 'name; drop' }).success).toBe(false);
  });

  it('draft form: subject 3–200, description up to 1000', () => {
    expect(issuesOf(draftFormSchema, { Name: 'ab' })).toEqual({ Name: [MESSAGES.minLength(3)] });
    expect(issuesOf(draftFormSchema, { Name: 'Subiect', Description: 'x'.repeat(1001) })).toEqual({ Description: [MESSAGES.maxLength(1000)] });
  });

  it('createDraftMail and editDraft: ids deduplicated; editDraft takes Id or GroupedMailId', () => {
    expect(createDraftSchema.parse({ MailTemplateId: '5', CompanyIds: [3, 3, 4], GroupIds: null })).toEqual({ MailTemplateId: 5, CompanyIds: [3, 4], GroupIds: [] });
    expect(editDraftSchema.parse({ GroupedMailId: 7, CompanyIds: [1] })).toEqual({ Id: 7, CompanyIds: [1], GroupIds: [] });
    expect(Object.keys(issuesOf(editDraftSchema, { Name: 'Subiect' }))).toEqual(['Id']);
    expect(Object.keys(issuesOf(createDraftSchema, { MailTemplateId: 1, CompanyIds: [0] }))).toEqual(['CompanyIds.0']);
  });
});
