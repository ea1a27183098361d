// DTOs of the company endpoints. The shapes are declared once in components/company-details/types.ts
// (types only, so client components can use them without importing server/).
export * from '@/components/company-details/types';
