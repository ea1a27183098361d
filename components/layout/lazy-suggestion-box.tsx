'use client';

// The header's suggestion box (components/search/suggestion-box.tsx) loads on first use: it brings
// the advanced-search filter model (zod) with it, which no page needs for its first paint. Until
// then a look-alike input stands in; focusing, touching or typing in it loads the real box, which
// then takes the focus and whatever was typed meanwhile.
import * as React from 'react';
import { Search } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { SuggestionBoxProps } from '@/components/search/suggestion-box';

type Box = React.ComponentType<SuggestionBoxProps>;

export function LazySuggestionBox(props: SuggestionBoxProps) {
  const { placeholder = 'Nume firmă sau CUI', className } = props;
  const [Real, setReal] = React.useState<Box | null>(null);
  const started = React.useRef(false);
  const standIn = React.useRef<HTMLInputElement>(null);
  const handOver = React.useRef<{ focused: boolean; text: string }>({ focused: false, text: '' });
  const root = React.useRef<HTMLDivElement>(null);

  const want = () => {
    if (started.current) return;
    started.current = true;
    void import('@/components/search/suggestion-box').then((m) => {
      handOver.current = { focused: document.activeElement === standIn.current, text: standIn.current?.value ?? '' };
      setReal(() => m.SuggestionBox);
    });
  };

  React.useEffect(() => {
    if (!Real) return;
    const input = root.current?.querySelector<HTMLInputElement>('input[role="combobox"]');
    if (!input) return;
    const { focused, text } = handOver.current;
    if (focused) input.focus();
    if (text) {
      // A controlled input: set the value the way typing does, so React's onChange sees it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, [Real]);

  if (Real) {
    return (
      <div ref={root} className="contents">
        <Real {...props} />
      </div>
    );
  }
  return (
    <div role="search" aria-label="Căutare firme" className={cn('relative w-full', className)}>
      <div className="relative min-w-0 flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          ref={standIn}
          type="text"
          aria-label="Caută o firmă după nume sau CUI"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={placeholder}
          onFocus={want}
          onPointerDown={want}
          onChange={want}
          className="h-11 w-full min-w-0 rounded-md border border-input bg-background pr-9 pl-9 text-base text-foreground shadow-xs placeholder:text-placeholder focus-visible:border-ring focus-visible:outline-offset-0 md:text-sm"
        />
      </div>
    </div>
  );
}
