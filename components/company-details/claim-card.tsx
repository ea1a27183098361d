'use client';

import * as React from 'react';
import { BadgeCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openLogin, useCompanyActions } from './actions';

/** 'Depune cerere': the claim modal for a signed-in user (accounts issue), the login tab otherwise. */
export function ClaimCard({ cui, name, isClaimed = false }: { cui: number; name: string; isClaimed?: boolean }) {
  const actions = useCompanyActions();
  const onClick = () => {
    if (actions.isSignedIn && actions.onClaim) actions.onClaim({ Cui: cui, Name: name });
    else openLogin();
  };
  return (
    <section aria-labelledby="claim-title" className="flex flex-col gap-3 rounded-lg border bg-primary-soft p-4 md:col-span-2 xl:col-span-1">
      <h2 id="claim-title" className="flex items-center gap-2 text-base font-semibold text-primary-strong">
        <BadgeCheck className="size-5" aria-hidden="true" />
        {isClaimed ? 'Companie pretinsă' : 'Este compania ta?'}
      </h2>
      {isClaimed ? (
        <p className="text-sm text-foreground/80" data-testid="claimed">
          Compania a fost pretinsă: datele ei de contact sunt actualizate de reprezentantul ei.
        </p>
      ) : (
        <>
          <p className="text-sm text-foreground/80">Pretinde compania pentru a-i actualiza datele de contact și informațiile publice.</p>
          <Button onClick={onClick} className="self-start" data-testid="claim-button">
            Depune cerere
          </Button>
        </>
      )}
    </section>
  );
}
