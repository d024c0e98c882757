/** The Electron binary, or why it cannot run here. `onSlow` is called once if the lookup takes a while. */
export function findElectron(options?: {
  onSlow?: () => void;
}): Promise<{ path: string } | { reason: string }>;
