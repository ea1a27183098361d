import * as React from 'react';
import { VisuallyHidden as VisuallyHiddenPrimitive } from 'radix-ui';

/** Content read by screen readers but not shown on screen. */
export function VisuallyHidden(props: React.ComponentProps<typeof VisuallyHiddenPrimitive.Root>) {
  return <VisuallyHiddenPrimitive.Root {...props} />;
}
