/** Question types by the names the service's form editor shows people. */
const LABELS: Record<string, string> = {
  Address: 'Address',
  AudioRecording: 'Audio recording',
  Calcom: 'Cal.com booking',
  Calendly: 'Calendly booking',
  Captcha: 'Captcha',
  Checkbox: 'Checkbox',
  Checkboxes: 'Checkboxes',
  ColorPicker: 'Colour picker',
  CurrencyInput: 'Currency',
  DatePicker: 'Date',
  DateRange: 'Date range',
  DateTimePicker: 'Date and time',
  Dropdown: 'Dropdown',
  EmailInput: 'E-mail',
  FileUpload: 'File upload',
  ImagePicker: 'Image choice',
  LocationCoordinates: 'Location',
  LongAnswer: 'Long answer',
  Matrix: 'Matrix',
  MultiSelect: 'Multi-select',
  MultipleChoice: 'Multiple choice',
  NumberInput: 'Number',
  OpinionScale: 'Opinion scale',
  Password: 'Password',
  Payment: 'Payment',
  PhoneNumber: 'Phone number',
  Ranking: 'Ranking',
  RecordPicker: 'Record picker',
  ShortAnswer: 'Short answer',
  Signature: 'Signature',
  Slider: 'Slider',
  StarRating: 'Star rating',
  Subform: 'Subform',
  SubmissionPicker: 'Submission picker',
  Switch: 'Switch',
  Table: 'Table',
  TimePicker: 'Time',
  URLInput: 'Web address',
};

/**
 * `ShortAnswer` → `Short answer`. A type the service added after this list was written is spelt
 * out from its name (`VideoAnswer` → `Video answer`) rather than shown raw.
 */
export function questionTypeLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  const words = type
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    // Acronyms (`AI`, `URL`) keep their capitals; other words read as in a sentence.
    .map((word, i) => (/^[A-Z]{2,}$/.test(word) || i === 0 ? word : word.toLowerCase()));
  return words.join(' ');
}
