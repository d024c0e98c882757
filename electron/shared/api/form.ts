import { z } from 'zod';

export const FormSummary = z.looseObject({ name: z.string(), formId: z.string().min(1) });
export type FormSummary = z.infer<typeof FormSummary>;

const Field = z.looseObject({ id: z.string(), name: z.string() });

/** `GET /forms/{formId}`: beyond our interface; used when a server answers it. */
export const FormMetadata = z.looseObject({
  id: z.string(),
  name: z.string(),
  questions: z.array(z.looseObject({ id: z.string(), name: z.string(), type: z.string() })),
  calculations: z.array(Field.extend({ type: z.string() })).optional(),
  urlParameters: z.array(Field).optional(),
  scheduling: z.array(Field).optional(),
  payments: z.array(Field).optional(),
  quiz: z.looseObject({ enabled: z.boolean() }).optional(),
});
export type FormMetadata = z.infer<typeof FormMetadata>;
