'use client';

// Tag multiselect (Tag-uri categorii): choose among one's own tags or type a new one; Enter or the
// Adaugă button adds it, each chip removes with its own button. Suggestions come from a native
// datalist, so keyboards and screen readers get the browser's own behaviour.
import * as React from 'react';
import { Plus, X } from 'lucide-react';
import { TEMPLATE_LIMITS } from '@/lib/templates/schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type TagsInputProps = {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: string[];
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

export function TagsInput({ id, value, onChange, suggestions, ...aria }: TagsInputProps) {
  const [text, setText] = React.useState('');
  const listId = `${id}-suggestions`;
  const has = (tag: string) => value.some((t) => t.toLocaleLowerCase('ro') === tag.toLocaleLowerCase('ro'));
  const full = value.length >= TEMPLATE_LIMITS.tagsPerTemplate;

  const add = () => {
    const tag = text.trim().slice(0, TEMPLATE_LIMITS.tagMax);
    if (!tag || has(tag) || full) {
      setText('');
      return;
    }
    onChange([...value, tag]);
    setText('');
  };

  return (
    <div className="flex flex-col gap-2">
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tag-uri alese">
          {value.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {tag}
                <button
                  type="button"
                  className="rounded-sm p-0.5 hover:bg-muted focus-visible:outline-2"
                  aria-label={`Elimină tag-ul ${tag}`}
                  onClick={() => onChange(value.filter((t) => t !== tag))}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={id}
          list={listId}
          value={text}
          maxLength={TEMPLATE_LIMITS.tagMax}
          disabled={full}
          placeholder={full ? `Cel mult ${TEMPLATE_LIMITS.tagsPerTemplate} tag-uri` : 'Alegeți sau scrieți un tag nou'}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault();
              add();
            } else if (e.key === 'Backspace' && !text && value.length) {
              onChange(value.slice(0, -1));
            }
          }}
          className="min-w-0 flex-1"
          {...aria}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!text.trim() || full}>
          <Plus aria-hidden="true" />
          Adaugă
        </Button>
      </div>
      <datalist id={listId}>
        {suggestions.filter((s) => !has(s)).map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </div>
  );
}
