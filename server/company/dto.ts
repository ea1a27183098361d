// DTOs of the company endpoints. The shapes are declared once in lib/company/types.ts (types only,
// so client components can use them); server code may import either path.
import 'server-only';
export * from '@/lib/company/types';
