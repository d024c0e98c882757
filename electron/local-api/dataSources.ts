import { readFileSync } from 'node:fs';
import { LocalApiData } from '../shared/api/localApi';
import { DEMO_FORMS, DEMO_SUBMISSIONS_PER_FORM } from './demoForms';
import { type FormSource } from './localService';
import { hashString, mix } from './random';

/** The forms to serve: a data file's, or the demo forms; with how many rows each generates. */
export function formSources(
  options: { data?: string | LocalApiData; submissionsPerForm?: number },
  seed: number,
): FormSource[] {
  const data = options.data === undefined ? undefined : loadData(options.data);
  const forms = data?.forms ?? DEMO_FORMS;
  return forms.map((form) => ({
    form,
    formSeed: mix(seed, hashString(form.id)),
    generatedCount:
      options.submissionsPerForm ?? (data ? 0 : (DEMO_SUBMISSIONS_PER_FORM[form.id] ?? 0)),
  }));
}

function loadData(data: string | LocalApiData): LocalApiData {
  const parsed = LocalApiData.safeParse(typeof data === 'string' ? readJsonFile(data) : data);
  if (!parsed.success) {
    const where = typeof data === 'string' ? data : 'data';
    throw new Error(
      `${where} is not local API data: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  for (const form of parsed.data.forms) {
    const seen = new Set<string>();
    const repeated = (form.submissions ?? [])
      .map((s) => s.submissionId)
      .find((id) => seen.size === seen.add(id).size);
    if (repeated !== undefined) {
      throw new Error(
        `form ${form.id} lists submission ${repeated} twice: ids are unique within a form`,
      );
    }
  }
  return parsed.data;
}

function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${file} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * Bump when the generator draws different values for the same seed: stores made on the old
 * values are then set aside instead of replayed onto rows they no longer describe.
 */
const GENERATOR_VERSION = 1;

/** What a store's changes were made on: they are replayed only onto the same seeded data. */
export function storeFingerprint(seed: number, sources: readonly FormSource[]): string {
  const forms = sources.map(
    (s) => `${s.form.id}:${s.generatedCount}:${hashString(JSON.stringify(s.form))}`,
  );
  return `generator=${GENERATOR_VERSION};seed=${seed};${forms.join(',')}`;
}
