'use client';

// The sonner part of components/layout/toaster.tsx, loaded on its own chunk (after first paint or
// with the first toast): screens import toaster.tsx, never this file.
import * as React from 'react';
import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

const TOAST_DURATION_MS = 5000;

const toneVariables = {
  '--normal-bg': '#ffffff',
  '--normal-border': '#e2e8f0',
  '--normal-text': '#0f172a',
  '--success-bg': '#f0fdf4',
  '--success-border': '#bbf7d0',
  '--success-text': '#166534',
  '--error-bg': '#fef2f2',
  '--error-border': '#fecaca',
  '--error-text': '#b91c1c',
  '--info-bg': '#eff6ff',
  '--info-border': '#bfdbfe',
  '--info-text': '#1e40af',
  '--warning-bg': '#fffbeb',
  '--warning-border': '#fde68a',
  '--warning-text': '#92400e',
  '--border-radius': '0.625rem',
} as React.CSSProperties;

/**
 * Top-right toasts (see Toaster in toaster.tsx, which renders it from the loaded module).
 * @public knip does not follow the member of a dynamically imported module.
 */
export function SonnerToaster() {
  return (
    <Sonner
      position="top-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      visibleToasts={4}
      containerAriaLabel="Notificări"
      offset={{ top: 'calc(var(--header-h) + 8px)', right: 16 }}
      mobileOffset={{ top: 'calc(var(--header-h) + 8px)', left: 12, right: 12 }}
      style={toneVariables}
      toastOptions={{
        closeButtonAriaLabel: 'Închide notificarea',
        className: 'font-sans text-sm shadow-lg',
      }}
    />
  );
}
