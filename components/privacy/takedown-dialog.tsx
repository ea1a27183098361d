'use client';

// "Ascunde datele unei persoane" on the company page: the takedown form for this company.
import * as React from 'react';
import { ShieldOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TakedownForm } from './takedown-form';

export function TakedownDialog({ cui, companyName }: { cui: number; companyName: string }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <ShieldOff aria-hidden="true" />
        Ascunde datele unei persoane
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent variant="sheet" className="sm:max-w-[600px]" data-testid="takedown-modal">
          <DialogHeader>
            <DialogTitle>Ascunderea datelor personale</DialogTitle>
            <DialogDescription>
              Cereți ascunderea numelui, e-mailului și telefonului unei persoane afișate la {companyName}. Detalii pe{' '}
              <a href="/date-personale" className="text-primary underline underline-offset-4">
                pagina despre date personale
              </a>
              .
            </DialogDescription>
          </DialogHeader>
          {open ? <TakedownForm cui={cui} idPrefix="company-takedown" /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
