/** Builds the app into out/ unless it is already newer than every source file. */
export function ensureBuilt(): void;
