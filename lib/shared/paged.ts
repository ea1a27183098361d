/** A page of a list, as every paged endpoint answers it (spec §7: `Items`, `Count`, `NumberOfPages`). */
export type Paged<T> = { Items: T[]; Count: number; NumberOfPages: number };

export const EMPTY_PAGE: Paged<never> = Object.freeze({ Items: [], Count: 0, NumberOfPages: 0 }) as Paged<never>;
