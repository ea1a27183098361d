/** @jest-environment node */
import { renderCampaign } from '@/server/templates/render';
import { serializeDesign } from '@/lib/templates/design';
import type { MergeValues } from '@/lib/templates/merge';


const values: MergeValues = {
  CompanyName: 'Alfa & <Beta> "SRL"',
  Cui: '123',
  County: 'Cluj',
  CaenActivity: '6201 - Software',
  ContactName: '',
};

const mjml = (body: string) =>
  `<mjml><mj-body><mj-section><mj-column>${body}</mj-column></mj-section></mj-body></mjml>`;

describe('renderCampaign', () => {
  it('replaces merge fields with HTML-escaped values, raw values in the text part', async () => {
    const content = serializeDesign(mjml('<mj-text>Bună ziua, {{NumeFirma}} (CUI {{ CUI }}) din {{Judet}}!</mj-text>'), {});
    const out = await renderCampaign(content, values);
    expect(out.html).toContain('Alfa &amp; &lt;Beta&gt; &quot;SRL&quot;');
    expect(out.html).not.toContain('<Beta>');
    expect(out.html).toContain('CUI 123');
    expect(out.text).toContain('Bună ziua, Alfa & <Beta> "SRL" (CUI 123) din Cluj!');
    expect(out.html.startsWith('<!doctype html>')).toBe(true);
    expect(out.html).toContain('@media'); // responsive rules kept
  });

  it('removes scripts, event handlers and javascript: URLs that a design smuggles in', async () => {
    const content = serializeDesign(
      mjml(
        `<mj-raw><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://e.com"></iframe></mj-raw>` +
          `<mj-text><span style="background:url(javascript:alert(4))">t</span></mj-text><mj-button href="javascript:alert(5)">B</mj-button>`,
      ),
      {},
    );
    const out = await renderCampaign(content, values);
    expect(out.html).not.toMatch(/<script/i);
    expect(out.html).not.toMatch(/onerror/i);
    expect(out.html).not.toMatch(/javascript:/i);
    expect(out.html).not.toMatch(/<iframe/i);
    expect(out.text).not.toContain('alert(1)');
    expect(out.html).not.toMatch(/@import/i); // no stylesheet fetched from elsewhere
  });

  it('cleans CSS inside <style> blocks of the design', async () => {
    const content = serializeDesign(
      `<mjml><mj-head><mj-style>.x { width: expression(alert(1)); background: url(javascript:alert(2)); } @import url(https://evil.example/x.css);</mj-style></mj-head>` +
        `<mj-body><mj-section><mj-column><mj-text css-class="x">t</mj-text></mj-column></mj-section></mj-body></mjml>`,
      {},
    );
    const out = await renderCampaign(content, values);
    expect(out.html).toContain('.x');
    expect(out.html).not.toMatch(/expression\(|javascript:|evil\.example/i);
  });

  it('never interprets a merge value as markup, even a script', async () => {
    const content = serializeDesign(mjml('<mj-text>{{NumeContact}}</mj-text>'), {});
    const out = await renderCampaign(content, { ...values, ContactName: '<script>alert(1)</script>' });
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out.html).not.toContain('<script>');
  });

  it('percent-encodes merge values inside link and image addresses, so a value cannot pick the scheme or host', async () => {
    const content = serializeDesign(
      mjml(
        '<mj-button href="{{NumeContact}}">A</mj-button><mj-button href="https://exemplu.ro/?firma={{ NumeFirma }}">B</mj-button>' +
          '<mj-image src="{{NumeContact}}" /><mj-raw><a href="mailto:{{NumeContact}}">C</a></mj-raw>',
      ),
      {},
    );
    for (const ContactName of ['javascript:alert(1)', '//evil.example/x', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)']) {
      const out = await renderCampaign(content, { ...values, ContactName });
      expect(out.html).not.toMatch(/javascript:/i);
      expect(out.html).not.toMatch(/(href|src)="\s*\/\/evil/i);
    }
    const out = await renderCampaign(content, { ...values, ContactName: 'ana@exemplu.ro' });
    expect(out.html).toContain('href="https://exemplu.ro/?firma=Alfa%20%26%20%3CBeta%3E%20%22SRL%22"');
    expect(out.html).toContain('href="mailto:ana%40exemplu.ro"');
    expect(out.text).toContain('https://exemplu.ro/?firma=Alfa%20%26%20%3CBeta%3E%20%22SRL%22');
    // In text, the same field stays plain.
    const plain = await renderCampaign(serializeDesign(mjml('<mj-text>{{NumeFirma}}</mj-text>'), {}), values);
    expect(plain.html).toContain('Alfa &amp; &lt;Beta&gt;');
  });

  it('drops merge fields from CSS (style attributes and style blocks)', async () => {
    const content = serializeDesign(
      `<mjml><mj-head><mj-style>.x { color: {{NumeFirma}}; }</mj-style></mj-head>` +
        `<mj-body><mj-section><mj-column><mj-text css-class="x"><span style="background:{{NumeFirma}}">t</span></mj-text></mj-column></mj-section></mj-body></mjml>`,
      {},
    );
    const out = await renderCampaign(content, { ...values, CompanyName: 'red;background:url(https://evil.example/p.gif)' });
    expect(out.html).not.toContain('evil.example');
    expect(out.html).toContain('.x');
  });

  it('ignores mj-include, so a design cannot read files of the server', async () => {
    const content = serializeDesign(mjml('<mj-include path="/etc/passwd" /><mj-text>ok</mj-text>'), {});
    const out = await renderCampaign(content, values);
    expect(out.html).not.toContain('root:');
    expect(out.text).toContain('ok');
  });

  it('renders an empty message for empty or unreadable content', async () => {
    await expect(renderCampaign('', values)).resolves.toEqual(expect.objectContaining({ text: '' }));
    await expect(renderCampaign('not json', values)).resolves.toEqual(expect.objectContaining({ text: '' }));
  });

  it('leaves unknown placeholders as typed', async () => {
    const out = await renderCampaign(serializeDesign(mjml('<mj-text>{{Necunoscut}}</mj-text>'), {}), values);
    expect(out.text).toContain('{{Necunoscut}}');
  });
});
