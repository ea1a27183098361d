'use client';

import * as React from 'react';
import { sendingApi, serverMessage } from '@/lib/sending/client';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { showErrorToast } from '@/components/layout/toaster';

/** The message of a sending as rendered for the preview (sample merge values), in a sandboxed frame. */
export function PreviewDialog({ groupedMailId, onOpenChange }: { groupedMailId: number | null; onOpenChange: (open: boolean) => void }) {
  const [loaded, setLoaded] = React.useState<{ id: number; Subject: string; Html: string } | null>(null);
  React.useEffect(() => {
    if (!groupedMailId) return;
    let live = true;
    sendingApi.preview(groupedMailId).then(
      (p) => live && setLoaded({ id: groupedMailId, ...p }),
      (e) => {
        showErrorToast(serverMessage(e));
        onOpenChange(false);
      },
    );
    return () => {
      live = false;
    };
  }, [groupedMailId, onOpenChange]);
  const data = loaded && loaded.id === groupedMailId ? loaded : null;
  return (
    <Dialog open={groupedMailId !== null} onOpenChange={onOpenChange}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>Previzualizare email</DialogTitle>
          <DialogDescription>{data ? data.Subject : 'Se încarcă…'}</DialogDescription>
        </DialogHeader>
        {data ? (
          // sandbox without allow-scripts: nothing in a message can run here.
          <iframe title={`Previzualizare: ${data.Subject}`} sandbox="" srcDoc={data.Html} className="h-[65vh] w-full rounded-md border bg-white" />
        ) : (
          <Skeleton className="h-[65vh] w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}
