/** Sizes in bytes, one home for every module's limits (as clock.ts is for lengths of time). */
export const KB = 1024;
export const MB = 1024 * KB;
