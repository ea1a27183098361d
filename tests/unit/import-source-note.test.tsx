/** @jest-environment jsdom */
// "Sursa: …, date din …" under the blocks of the company page, and the JSON-LD update date.
import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { SourceNote } from '@/components/company-details/source-note';
import type { DataSourceNote } from '@/lib/company/types';

const sources: DataSourceNote[] = [
  { Source: 'onrc', Label: 'ONRC', DataDate: '2026-10-12' },
  { Source: 'mf', Label: 'Ministerul Finanțelor', DataDate: '2026-07-01' },
];

describe('SourceNote', () => {
  it('names the source and the date of its data in Romanian format', () => {
    render(<SourceNote sources={sources} kind="onrc" />);
    expect(screen.getByTestId('source-onrc')).toHaveTextContent('Sursa: ONRC, date din 12.10.2026');
  });

  it('shows the block of each source only', () => {
    render(<SourceNote sources={sources} kind="mf" />);
    expect(screen.getByTestId('source-mf')).toHaveTextContent('Sursa: Ministerul Finanțelor, date din 01.07.2026');
    expect(screen.queryByTestId('source-onrc')).toBeNull();
  });

  it('shows nothing for a company without imported data (the demo set)', () => {
    const { container } = render(<SourceNote sources={[]} kind="sicap" />);
    expect(container).toBeEmptyDOMElement();
    const none = render(<SourceNote sources={undefined} kind="eu" />);
    expect(none.container).toBeEmptyDOMElement();
  });
});

describe('Organization JSON-LD', () => {
  it('says when the data was last updated', async () => {
    const { organizationJsonLd } = await import('@/server/company/seo');
    const d = { Cui: 14399840, Name: 'DANTE INTERNATIONAL SA', SocialMedia: [], LastYear: null, LastUpdate: '2026-10-12T08:00:00Z' };
    const ld = organizationJsonLd(d as never) as { subjectOf?: { dateModified: string } };
    expect(ld.subjectOf?.dateModified).toBe('2026-10-12T08:00:00Z');
    const without = organizationJsonLd({ ...d, LastUpdate: null } as never) as { subjectOf?: unknown };
    expect(without.subjectOf).toBeUndefined();
  });
});
