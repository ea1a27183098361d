'use client';

import * as React from 'react';
import { Toaster as Sonner, toast } from 'sonner';

export { toast };

export const TOAST_DURATION_MS = 5000;

/** Default texts; screens pass their own message from the spec when it has one. */
export const DEFAULT_SUCCESS_MESSAGE = 'Operațiunea a reușit!';
export const DEFAULT_ERROR_MESSAGE = 'A apărut o eroare. Vă rugăm să încercați din nou.';

export function showSuccessToast(message: string = DEFAULT_SUCCESS_MESSAGE) {
  return toast.success(message);
}

export function showErrorToast(message: string = DEFAULT_ERROR_MESSAGE) {
  return toast.error(message);
}

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
 * Top-right toasts for 5000 ms with a progress bar (drawn in globals.css, paused while
 * hovered or focused, like sonner's own timer). Rendered once by SiteShell.
 */
export function Toaster() {
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
