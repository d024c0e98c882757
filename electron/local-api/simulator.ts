import { type LocalAdmin } from './admin';
import { Rng } from './random';
import { ServiceError } from './serviceError';

const STARTS_UNFINISHED = 0.15;
const FINISHES_LATER = 0.5;

/**
 * Simulated respondents: `perMinute` arrivals a minute, each to a form picked at random (seeded).
 * Some start and stop part-way; about half of those come back on a later tick and finish, so a
 * live demo shows new, unfinished and completed submissions. With `firstAtOnce`, the first
 * arrives now rather than after one interval. Returns the function that stops it.
 */
export function startSimulator(
  perMinute: number,
  seed: number,
  formIds: readonly string[],
  admin: Pick<LocalAdmin, 'respond' | 'finish'>,
  { firstAtOnce = false }: { firstAtOnce?: boolean } = {},
): () => void {
  if (perMinute <= 0 || formIds.length === 0) return () => {};
  const rng = new Rng(seed ^ 0x51a);
  const unfinished: { formId: string; submissionId: string }[] = [];
  const tick = async () => {
    const returning = unfinished.length > 0 && rng.chance(FINISHES_LATER * STARTS_UNFINISHED);
    if (returning) {
      const { formId, submissionId } = unfinished.shift() as (typeof unfinished)[number];
      try {
        await admin.finish(formId, submissionId);
      } catch (error) {
        // Deleted meanwhile (by a client or elsewhere): that respondent never comes back.
        if (!(error instanceof ServiceError && error.status === 404)) throw error;
      }
      return;
    }
    const formId = rng.pick(formIds);
    if (!rng.chance(STARTS_UNFINISHED)) {
      await admin.respond(formId);
      return;
    }
    const { submission } = await admin.respond(formId, { status: 'in_progress' });
    if (rng.chance(FINISHES_LATER))
      unfinished.push({ formId, submissionId: submission.submissionId });
  };
  let stopped = false;
  const arrive = () => {
    tick().catch((error: unknown) => {
      if (!stopped) console.error('local API: simulated respondent failed', error);
    });
  };
  const timer = setInterval(arrive, 60_000 / perMinute);
  // Simulated traffic never keeps a process alive on its own.
  timer.unref();
  const first = firstAtOnce ? setImmediate(arrive) : undefined;
  return () => {
    stopped = true;
    clearInterval(timer);
    if (first) clearImmediate(first);
  };
}
