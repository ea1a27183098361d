'use client';

import * as React from 'react';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/**
 * The filters in a dialog on narrow screens (the advanced search, the Admin's contacts): results
 * update on every change; Resetează shows while a filter is set.
 */
export function FiltersDialog({
  open,
  onOpenChange,
  active,
  onReset,
  closeLabel = 'Închide',
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  active: boolean;
  onReset: () => void;
  closeLabel?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="md"
        variant="sheet"
        className={className}
        // Focus the dialog itself, not the first number input: on a phone that would open the keyboard.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Filtre</DialogTitle>
          <DialogDescription>Rezultatele se actualizează la fiecare schimbare.</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter className="gap-2">
          {active ? (
            <Button variant="outline" onClick={onReset}>
              <X aria-hidden="true" />
              Resetează
            </Button>
          ) : null}
          <Button onClick={() => onOpenChange(false)}>{closeLabel}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Below a list loaded page by page: a spinner while the next page loads, else "load more" while there is one. */
export function LoadMore({
  loading,
  canLoad,
  onLoad,
  spinnerLabel,
  className,
  children,
}: {
  loading: boolean;
  canLoad: boolean;
  onLoad: () => void;
  spinnerLabel: string;
  className?: string;
  children: React.ReactNode;
}) {
  if (loading) {
    return (
      <div className={className ?? 'flex justify-center'}>
        <Spinner label={spinnerLabel} />
      </div>
    );
  }
  if (!canLoad) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" size="lg" onClick={onLoad}>
        {children}
      </Button>
    </div>
  );
}
