import { z } from 'zod';

/** Longer than any key the service issues; bounds what is sent and stored. */
const MAX_KEY_LENGTH = 500;

/**
 * What the service demands of an API key before it even looks the key up (upstream facts,
 * "Errors"), in the order it checks: each rule with the 400 message the service answers when a
 * key breaks it, and the sentence Formdesk says instead, before sending anything.
 */
export const API_KEY_RULES = [
  {
    holds: (key: string) => /^[A-Za-z0-9_-]+$/.test(key),
    serviceMessage: 'Incorrectly formatted API key was passed',
    problem:
      'An API key holds only letters, digits, _ and -; the service refuses any other. Check that it was copied whole, without spaces or quotes.',
  },
  {
    holds: (key: string) => key.includes('_'),
    serviceMessage: 'API key missing underscore',
    problem:
      'An API key has an underscore, like sk_prod_…; the service refuses one without. Check that it was copied whole.',
  },
] as const;

/** The sentence for a key the service would refuse by its shape; null for a key worth sending. */
export function apiKeyProblem(text: string): string | null {
  const key = text.trim();
  if (key === '') return 'Paste the API key from your account settings.';
  if (key.length > MAX_KEY_LENGTH) return `An API key is at most ${MAX_KEY_LENGTH} characters.`;
  return API_KEY_RULES.find((rule) => !rule.holds(key))?.problem ?? null;
}

/** A key as a person pastes it: trimmed, and refused with `apiKeyProblem`'s sentence. */
export const ApiKey = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = apiKeyProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
