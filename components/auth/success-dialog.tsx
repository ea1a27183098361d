'use client';

import * as React from 'react';
import { CircleCheck } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** The success popup of the forgot and reset pages; the page redirects while it shows. */
export function SuccessDialog({ open, title, description }: { open: boolean; title: string; description: string }) {
  return (
    <Dialog open={open}>
      <DialogContent size="sm" showCloseButton={false} data-testid="success-dialog">
        <DialogHeader className="items-center pr-0 text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
