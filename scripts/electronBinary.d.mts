/** The Electron binary, or why it cannot run here. */
export function findElectron(options?: { quiet?: boolean }): { path: string } | { reason: string };
