'use client';

// "Urmărește" on the company page: signed in, follows or stops following the company; anyone
// else is asked to sign in. Drawn in the browser (the page's HTML is the anonymous render).
import { Bell, BellOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openLogin } from '@/components/company-details/actions';
import { useSignedIn } from '@/components/company-details/group-button';
import { useWatch } from './use-watch';

export function WatchButton({ cui }: { cui: number }) {
  const signedIn = useSignedIn();
  const { watched, viaGroups, busy, toggle } = useWatch(cui, signedIn);
  if (!signedIn) {
    return (
      <Button variant="outline" onClick={openLogin} className="self-start" data-testid="watch-button">
        <Bell aria-hidden="true" />
        Urmărește
      </Button>
    );
  }
  const title = viaGroups.length ? `Urmărită și prin grupurile: ${viaGroups.join(', ')}` : undefined;
  return (
    <Button
      variant={watched ? 'secondary' : 'outline'}
      onClick={() => void toggle()}
      disabled={busy || watched === null}
      aria-pressed={watched ?? false}
      title={title}
      className="self-start"
      data-testid="watch-button"
    >
      {watched ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {watched ? 'Nu mai urmări' : 'Urmărește'}
    </Button>
  );
}
