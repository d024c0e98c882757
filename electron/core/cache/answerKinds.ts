import { type QuestionSummary } from '../../shared/contract/summary';

/** What each question type is summed up as; a type not listed is a choice when the form gives options, else text. */
export const KIND_OF_TYPE: Readonly<Record<string, QuestionSummary['kind']>> = {
  Dropdown: 'choice',
  MultipleChoice: 'choice',
  ImagePicker: 'choice',
  Checkboxes: 'choice',
  MultiSelect: 'choice',
  StarRating: 'rating',
  OpinionScale: 'rating',
  NumberInput: 'number',
  CurrencyInput: 'number',
  Slider: 'number',
  'Calculation:number': 'number',
  'Calculation:duration': 'number',
  DatePicker: 'date',
  DateTimePicker: 'date',
  Matrix: 'matrix',
  Ranking: 'ranking',
  Switch: 'boolean',
  Checkbox: 'boolean',
  FileUpload: 'file',
  Signature: 'file',
  AudioRecording: 'file',
};
/** The choice types where one submission may pick several options. */
export const MULTIPLE = new Set(['Checkboxes', 'MultiSelect']);
/**
 * Answers each person gives their own of (an e-mail address, a phone number): their most frequent
 * values say nothing, and finding them reads every answer.
 */
export const ONE_PER_PERSON = new Set([
  'EmailInput',
  'PhoneNumber',
  'URLInput',
  'Address',
  'LocationCoordinates',
  'Password',
]);

/**
 * Whether the counts of a type's answers are kept value by value: a summary of a file or of a
 * one-per-person answer says only how many gave one, and counting each of their values (each
 * one of its own) cost a write per answer.
 */
export function countsValues(type: string): boolean {
  return KIND_OF_TYPE[type] !== 'file' && !ONE_PER_PERSON.has(type);
}
