import type { Metadata } from 'next';
import { Suspense } from 'react';
import { UiKitShowcase } from './showcase';

export const metadata: Metadata = {
  title: 'Kit de interfață',
  description: 'Componentele de interfață RadarFirme (pagină internă pentru dezvoltare).',
  robots: { index: false, follow: false },
};

export default function UiKitPage() {
  return (
    <Suspense>
      <UiKitShowcase />
    </Suspense>
  );
}
