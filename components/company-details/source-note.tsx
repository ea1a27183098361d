import { formatDate } from '@/lib/format';
import type { DataSourceKind, DataSourceNote } from '../../lib/company/types';

/**
 * "Sursa: ONRC, date din 12.10.2026" under a block of the company page: the official source of
 * its facts and the date of that data. Nothing for companies without imported data (demo set).
 */
export function SourceNote({ sources, kind }: { sources: readonly DataSourceNote[] | undefined; kind: DataSourceKind }) {
  const note = sources?.find((s) => s.Source === kind);
  if (!note) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid={`source-${kind}`}>
      Sursa: {note.Label}, date din {formatDate(note.DataDate)}
    </p>
  );
}
