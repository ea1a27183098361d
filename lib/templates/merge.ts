// Merge fields: placeholders a template's author types (or inserts from the editor) that are
// replaced, for each recipient, by the facts of the recipient company. Shared by the editor
// (the insert menu and the preview) and the server (sending).

/** The values of one recipient. Empty string when a fact is unknown (e.g. no contact name). */
export type MergeValues = {
  CompanyName: string;
  Cui: string;
  County: string;
  CaenActivity: string;
  ContactName: string;
};

type MergeKey = keyof MergeValues;

/**
 * The placeholders as the author sees them in the design: `{{NumeFirma}}`. Romanian tokens,
 * because the author reads them in the text of the email; the keys stay the API's names.
 */
export const MERGE_FIELDS: ReadonlyArray<{ key: MergeKey; token: string; label: string }> = [
  { key: 'CompanyName', token: 'NumeFirma', label: 'Nume firmă' },
  { key: 'Cui', token: 'CUI', label: 'CUI' },
  { key: 'County', token: 'Judet', label: 'Județ' },
  { key: 'CaenActivity', token: 'ActivitateCAEN', label: 'Activitate CAEN' },
  { key: 'ContactName', token: 'NumeContact', label: 'Nume contact' },
];

/**
 * `{{ NumeFirma }}`: spaces inside the braces are tolerated, the token is case-insensitive.
 * `{{url:NumeFirma}}` is the same field inside a link or image address: the sanitiser rewrites
 * placeholders of URL attributes to it, and its value is percent-encoded before HTML escaping, so
 * a value such as `javascript:…` or `//elsewhere` can never become the address's scheme or host.
 */
const PLACEHOLDER = /\{\{\s*(url:)?([A-Za-z]+)\s*\}\}/g;

/** Marks the placeholders of a URL attribute's value (see PLACEHOLDER). */
export function markUrlPlaceholders(value: string): string {
  return value.replace(PLACEHOLDER, (_whole, _url: string | undefined, token: string) => `{{url:${token}}}`);
}

/** Removes every placeholder: used for CSS, where no merge value belongs. */
export function removePlaceholders(value: string): string {
  return value.replace(PLACEHOLDER, '');
}

const KEY_BY_TOKEN = new Map(
  MERGE_FIELDS.flatMap((f) => [
    [f.token.toLowerCase(), f.key] as const,
    // The API's own names work too, so a design written by hand can use either.
    [f.key.toLowerCase(), f.key] as const,
  ]),
);

export function placeholderFor(key: MergeKey): string {
  const field = MERGE_FIELDS.find((f) => f.key === key);
  return `{{${field?.token ?? key}}}`;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * Replaces every known placeholder by its value passed through `encode` (HTML escaping for the
 * HTML part, nothing for the plain-text part). Unknown placeholders are left as typed, so a
 * typo is visible in the preview instead of vanishing silently.
 */
export function applyMergeFields(
  source: string,
  values: MergeValues,
  encode: (value: string) => string = escapeHtml,
): string {
  return source.replace(PLACEHOLDER, (whole, url: string | undefined, token: string) => {
    const key = KEY_BY_TOKEN.get(token.toLowerCase());
    if (!key) return whole;
    const value = values[key] ?? '';
    return encode(url ? encodeURIComponent(value) : value);
  });
}

/** Sample values for the preview when no company is chosen yet. */
export const SAMPLE_MERGE_VALUES: MergeValues = {
  CompanyName: 'Exemplu SRL',
  Cui: '12345678',
  County: 'Cluj',
  CaenActivity: '6201 - Activități de realizare a soft-ului la comandă',
  ContactName: 'Ion Popescu',
};
