'use client';

// The login/register modal: two tabs, provider buttons, the recovery link and
// "Ține-mă minte". Closing it resets both forms (they remount: values, hidden passwords, errors).
// After registering, a success popup shows and the login tab opens; after signing in the modal
// closes about 1.2 s later.
import * as React from 'react';
import type { TokenPair } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LoginForm } from '@/components/auth/login-form';
import { RegisterForm } from '@/components/auth/register-form';
import { ExternalProviderButtons } from '@/components/auth/external-providers';

export type AuthTab = 'login' | 'register';

const MODAL_CLOSE_DELAY_MS = 1200;
const ACCOUNT_CREATED_TITLE = 'Contul tău a fost creat!';

export function AuthModal({
  open,
  tab,
  onTabChange,
  onClose,
  onSignedIn,
}: {
  open: boolean;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onClose: () => void;
  onSignedIn: (tokens: TokenPair) => Promise<unknown>;
}) {
  const [generation, setGeneration] = React.useState(0);
  const [registeredEmail, setRegisteredEmail] = React.useState<string | null>(null);
  const [showCreated, setShowCreated] = React.useState(false);
  const [rememberMe, setRememberMe] = React.useState(false);
  const closeTimer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  // Closing leaves the forms as they are (no flash of empty fields during the closing animation);
  // the next opening remounts them, so every field and error starts empty. Done when the modal
  // opens, not on a timer after closing: a timer could wipe what was typed after a quick reopen.
  const [stale, setStale] = React.useState(false);
  const [wasOpen, setWasOpen] = React.useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && stale) {
      setStale(false);
      setGeneration((g) => g + 1);
      setRegisteredEmail(null);
      setRememberMe(false);
    }
  }

  const close = React.useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    onClose();
    setStale(true);
  }, [onClose]);

  React.useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  return (
    <>
      <Dialog open={open} onOpenChange={(o) => !o && close()}>
        <DialogContent size="sm" data-testid="auth-modal">
          <DialogHeader>
            <DialogTitle>{tab === 'login' ? 'Intră în cont' : 'Creează un cont'}</DialogTitle>
            <DialogDescription>
              {tab === 'login' ? 'Autentifică-te pentru a lucra cu grupuri, contacte și e-mailuri.' : 'Contul este gratuit și îți păstrează grupurile și contactele.'}
            </DialogDescription>
          </DialogHeader>
          <Tabs value={tab} onValueChange={(v) => onTabChange(v as AuthTab)}>
            <TabsList aria-label="Autentificare sau înregistrare" className="grid grid-cols-2">
              <TabsTrigger value="login">Autentificare</TabsTrigger>
              <TabsTrigger value="register">Înregistrare</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm
                key={`login-${generation}-${registeredEmail ?? ''}`}
                defaultEmail={registeredEmail ?? undefined}
                rememberMe={rememberMe}
                onRememberMeChange={setRememberMe}
                onForgotPassword={close}
                onSignedIn={async (tokens) => {
                  await onSignedIn(tokens);
                  closeTimer.current = setTimeout(close, MODAL_CLOSE_DELAY_MS);
                }}
              />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm
                key={`register-${generation}`}
                onRegistered={(email) => {
                  setRegisteredEmail(email);
                  setShowCreated(true);
                  onTabChange('login');
                }}
              />
            </TabsContent>
          </Tabs>
          {/* Under both tabs: a provider account signs in, or creates the account on first use. */}
          <ExternalProviderButtons rememberMe={rememberMe} />
        </DialogContent>
      </Dialog>
      <Dialog open={showCreated} onOpenChange={setShowCreated}>
        <DialogContent size="sm" data-testid="account-created">
          <DialogHeader>
            <DialogTitle>{ACCOUNT_CREATED_TITLE}</DialogTitle>
            <DialogDescription>
              Bine ai venit în RadarFirme! Ți-am trimis un e-mail de bun venit. Te poți autentifica acum cu adresa de e-mail și parola alese.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={() => setShowCreated(false)}>Mergi la autentificare</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
