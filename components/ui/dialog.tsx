'use client';

import * as React from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-slate-950/55 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

const dialogSizes = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
  full: 'sm:max-w-[1000px]',
  /** The signed-in area's modals (groups, comments, members, templates, drafts, sending, users, claims): spec 002 §9, 750 px. */
  area: 'sm:max-w-[750px]',
} as const;

/**
 * Below 640 px a 'sheet' fills the screen (100dvh, so the browser's bars and the on-screen keyboard
 * are left out): the body scrolls, the DialogFooter sticks to the bottom edge with the buttons, the
 * safe areas of notched phones are padded. A 'center' dialog stays a centred box at every width
 * (confirmations, short forms). From 640 px up both are the centred box (decision 093).
 */
const dialogVariants = {
  center: '',
  sheet:
    'max-sm:inset-0 max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:translate-x-0 max-sm:translate-y-0 max-sm:scroll-pb-24 max-sm:rounded-none max-sm:border-0 max-sm:*:shrink-0 max-sm:pt-[max(1.25rem,env(safe-area-inset-top))] max-sm:pr-[max(1.25rem,env(safe-area-inset-right))] max-sm:pb-[max(1.25rem,env(safe-area-inset-bottom))] max-sm:pl-[max(1.25rem,env(safe-area-inset-left))] max-sm:shadow-none',
} as const;

/** The sizes whose content is taller than a phone's screen as a rule: sheets below 640 px unless told. */
const SHEET_SIZES: ReadonlySet<keyof typeof dialogSizes> = new Set(['lg', 'xl', 'full', 'area']);

export type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Maximum width from 640 px up: sm 384, md 512 (default), lg 672, xl 896, full 1000 px, area 750 px. */
  size?: keyof typeof dialogSizes;
  /** Below 640 px: 'sheet' fills the screen, 'center' stays a box. Default: sheet for lg, xl, full and area. */
  variant?: keyof typeof dialogVariants;
  /** Show the top-right close button (labelled 'Închide'). Default true. */
  showCloseButton?: boolean;
};

/**
 * Modal panel: focus is trapped inside and returned to the trigger; Escape and the
 * overlay close it. Always render a <DialogTitle> (hide it with VisuallyHidden if
 * needed) and a <DialogDescription>, or pass aria-describedby={undefined}.
 */
export function DialogContent({
  className,
  children,
  size = 'md',
  variant,
  showCloseButton = true,
  onFocus,
  ...props
}: DialogContentProps) {
  const shape = variant ?? (SHEET_SIZES.has(size) ? 'sheet' : 'center');
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-variant={shape}
        onFocus={(e) => {
          onFocus?.(e);
          if (shape === 'sheet') revealFocusedField(e.target);
        }}
        className={cn(
          'group/dialog fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border bg-background p-5 text-foreground shadow-lg data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in sm:p-6',
          dialogSizes[size],
          dialogVariants[shape],
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            aria-label="Închide"
            title="Închide"
            className={cn(
              'absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground sm:size-9',
              // In a sheet on a phone it stays in reach while the body scrolls: drawn first, sticky,
              // taking no room (still last in the focus order, as in the box).
              'max-sm:group-data-[variant=sheet]/dialog:sticky max-sm:group-data-[variant=sheet]/dialog:-top-2 max-sm:group-data-[variant=sheet]/dialog:right-auto max-sm:group-data-[variant=sheet]/dialog:z-10 max-sm:group-data-[variant=sheet]/dialog:order-first max-sm:group-data-[variant=sheet]/dialog:-mt-2 max-sm:group-data-[variant=sheet]/dialog:-mr-2 max-sm:group-data-[variant=sheet]/dialog:-mb-13 max-sm:group-data-[variant=sheet]/dialog:self-end max-sm:group-data-[variant=sheet]/dialog:border max-sm:group-data-[variant=sheet]/dialog:bg-background max-sm:group-data-[variant=sheet]/dialog:shadow-sm',
            )}
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

const FIELD = 'input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea, select, [contenteditable="true"]';

/**
 * On a phone the keyboard opens after the focus lands and takes the lower half of the screen: once
 * it is up, the field is scrolled to the middle of the sheet's body (the layout viewport shrinks
 * with the keyboard, app/layout.tsx's interactive-widget), never left under the keys or behind
 * the sticky footer.
 */
function revealFocusedField(target: EventTarget) {
  if (!(target instanceof HTMLElement) || !target.matches(FIELD)) return;
  if (!window.matchMedia?.('(max-width: 639.98px)').matches) return;
  window.setTimeout(() => {
    if (document.activeElement === target) target.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, 300);
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cn('flex flex-col gap-1.5 pr-8 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn(
        'flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end',
        // In a sheet on a phone: stuck to the bottom edge, over the scrolling body, above the home bar.
        // A sticky offset counts from inside the scroller's padding, hence the negative bottom.
        'max-sm:group-data-[variant=sheet]/dialog:sticky max-sm:group-data-[variant=sheet]/dialog:-bottom-[max(1.25rem,env(safe-area-inset-bottom))] max-sm:group-data-[variant=sheet]/dialog:z-10 max-sm:group-data-[variant=sheet]/dialog:mt-auto max-sm:group-data-[variant=sheet]/dialog:-mx-5 max-sm:group-data-[variant=sheet]/dialog:-mb-[max(1.25rem,env(safe-area-inset-bottom))] max-sm:group-data-[variant=sheet]/dialog:border-t max-sm:group-data-[variant=sheet]/dialog:bg-background max-sm:group-data-[variant=sheet]/dialog:px-5 max-sm:group-data-[variant=sheet]/dialog:pt-3 max-sm:group-data-[variant=sheet]/dialog:pb-[max(0.75rem,env(safe-area-inset-bottom))]',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-snug font-semibold', className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
