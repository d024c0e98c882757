/**
 * What each question type is called where people read it. The service's names are identifiers
 * ("ShortAnswer", "EmailInput"); this is every type the service is known to send.
 */
const LABELS: Readonly<Record<string, string>> = {
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
  EmailInput: 'Email',
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
 * A question type as people say it. A type that appeared after this list was written is spelled
 * out from its identifier ("VideoRecording" → "Video recording"), never shown raw.
 */
export function questionTypeLabel(type: string): string {
  const known = LABELS[type];
  if (known !== undefined) return known;
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    // Acronyms keep their capitals ("QR code"); other words read as a sentence.
    .map((word, i) => (/^[A-Z]{2,}$/.test(word) || i === 0 ? word : word.toLowerCase()));
  return words.join(' ');
}
