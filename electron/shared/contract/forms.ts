import { z } from 'zod';
import { op } from './define';

export const FormRow = z.object({
  formId: z.string(),
  name: z.string(),
});
export type FormRow = z.infer<typeof FormRow>;

export const QuestionInfo = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
});
export type QuestionInfo = z.infer<typeof QuestionInfo>;

const formId = z.string().min(1).max(200);

export const formOps = {
  'forms.list': op(z.strictObject({}), z.object({ forms: z.array(FormRow) })),
  'questions.list': op(z.strictObject({ formId }), z.object({ questions: z.array(QuestionInfo) })),
};
