import { Rng } from './random';

/**
 * Simulated respondents: `perMinute` new submissions a minute, each to a form picked at random
 * (seeded). Returns the function that stops it.
 */
export function startSimulator(
  perMinute: number,
  seed: number,
  formIds: readonly string[],
  respond: (formId: string) => Promise<unknown>,
): () => void {
  if (perMinute <= 0 || formIds.length === 0) return () => {};
  const rng = new Rng(seed ^ 0x51a);
  const timer = setInterval(() => {
    respond(rng.pick(formIds)).catch((error: unknown) =>
      console.error('local API: simulated respondent failed', error),
    );
  }, 60_000 / perMinute);
  // Simulated traffic never keeps a process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
