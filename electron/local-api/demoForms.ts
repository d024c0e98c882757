import { type LocalForm } from '../shared/api/localApi';

/**
 * The demo workspace: three forms that together use every structure of the service — questions
 * of 28 upstream types plus one type the upstream list does not know yet, calculations of each
 * type, url parameters, scheduling, payments, a quiz and a login page.
 */
export const DEMO_FORMS: readonly LocalForm[] = [
  {
    id: 'cFb7q2LxWm',
    name: 'Customer feedback',
    questions: [
      { id: 'nm01', name: 'Full name', type: 'ShortAnswer' },
      { id: 'em02', name: 'Email', type: 'EmailInput' },
      { id: 'ph03', name: 'Phone number', type: 'PhoneNumber' },
      {
        id: 'pr04',
        name: 'Which plan are you on?',
        type: 'Dropdown',
        options: ['Starter plan', 'Pro plan', 'Team plan', 'Enterprise'],
      },
      { id: 'st05', name: 'How satisfied are you overall?', type: 'StarRating' },
      { id: 'np06', name: 'How likely are you to recommend us to a friend?', type: 'OpinionScale' },
      {
        id: 'lk07',
        name: 'What did you like?',
        type: 'Checkboxes',
        options: ['Ease of use', 'Price', 'Support', 'Features', 'Speed'],
      },
      {
        id: 'mx08',
        name: 'Rate each area',
        type: 'Matrix',
        options: ['Onboarding', 'Documentation', 'Support', 'Billing'],
      },
      {
        id: 'rk09',
        name: 'Rank what matters most to you',
        type: 'Ranking',
        options: ['Price', 'Quality', 'Speed', 'Support'],
      },
      { id: 'cm10', name: 'Anything else you want to tell us?', type: 'LongAnswer' },
      { id: 'sc11', name: 'Screenshot of the problem', type: 'FileUpload' },
      { id: 'wb12', name: 'Company website', type: 'URLInput' },
      { id: 'ok13', name: 'May we contact you about your feedback?', type: 'Switch' },
      { id: 'hd14', name: 'How did you hear about us?', type: 'ShortAnswer' },
    ],
    calculations: [
      { id: 'cs1', name: 'Satisfaction points', type: 'number', sources: ['st05', 'np06'] },
      { id: 'cs2', name: 'Plan segment', type: 'text', sources: ['pr04'] },
      { id: 'cs3', name: 'Time to complete', type: 'duration' },
    ],
    urlParameters: [
      { id: 'utm_source', name: 'utm_source' },
      { id: 'utm_campaign', name: 'utm_campaign' },
      { id: 'ref', name: 'ref' },
    ],
  },
  {
    id: 'evR3gN8tYu',
    name: 'Event registration',
    questions: [
      { id: 'fn01', name: 'Full name', type: 'ShortAnswer' },
      { id: 'em02', name: 'Email address', type: 'EmailInput' },
      { id: 'co03', name: 'Company', type: 'ShortAnswer' },
      { id: 'ad04', name: 'Billing address', type: 'Address' },
      {
        id: 'tk05',
        name: 'Ticket type',
        type: 'MultipleChoice',
        options: ['General admission', 'VIP', 'Student', 'Speaker'],
      },
      {
        id: 'ws06',
        name: 'Workshops',
        type: 'MultiSelect',
        options: ['Intro to forms', 'Automations', 'Data privacy', 'Payments 101'],
      },
      { id: 'gs07', name: 'Number of guests', type: 'NumberInput' },
      { id: 'dt08', name: 'Which day will you attend?', type: 'DatePicker' },
      { id: 'ar09', name: 'Arrival time', type: 'TimePicker' },
      { id: 'st10', name: 'Hotel stay', type: 'DateRange' },
      { id: 'dn11', name: 'Optional donation', type: 'CurrencyInput' },
      { id: 'di12', name: 'Dietary requirements', type: 'LongAnswer' },
      { id: 'sg13', name: 'Signature', type: 'Signature' },
      { id: 'lc14', name: 'Where are you travelling from?', type: 'LocationCoordinates' },
      { id: 'cl15', name: 'Badge colour', type: 'ColorPicker' },
      { id: 'tc16', name: 'I accept the terms and conditions', type: 'Checkbox' },
      { id: 'ex17', name: 'How excited are you?', type: 'Slider' },
      { id: 'wt18', name: 'Preferred workshop slot', type: 'DateTimePicker' },
    ],
    calculations: [
      { id: 'ec1', name: 'Party size', type: 'number', sources: ['gs07'] },
      { id: 'ec2', name: 'Badge label', type: 'text', sources: ['fn01', 'co03'] },
      { id: 'ec3', name: 'Time to register', type: 'duration' },
    ],
    urlParameters: [
      { id: 'utm_source', name: 'utm_source' },
      { id: 'partner', name: 'partner' },
    ],
    scheduling: [{ id: 'sch1', name: 'Intro call with the organisers' }],
    payments: [{ id: 'pay1', name: 'Ticket payment' }],
  },
  {
    id: 'pQz5kM1sJe',
    name: 'Product quiz',
    questions: [
      { id: 'nm01', name: 'Your name', type: 'ShortAnswer' },
      {
        id: 'q1',
        name: 'Which plan includes single sign-on?',
        type: 'MultipleChoice',
        options: ['Starter', 'Pro', 'Enterprise'],
        correct: 'Enterprise',
        points: 2,
      },
      {
        id: 'q2',
        name: 'Select every integration available out of the box',
        type: 'Checkboxes',
        options: ['Slack', 'Salesforce', 'Fax', 'Zapier'],
        correct: ['Slack', 'Salesforce', 'Zapier'],
        points: 3,
      },
      {
        id: 'q3',
        name: 'How many seats does the Team plan include?',
        type: 'NumberInput',
        correct: 10,
      },
      {
        id: 'q4',
        name: 'Pick our product logo',
        type: 'ImagePicker',
        options: ['Sunrise', 'Forest', 'Ocean', 'City'],
        correct: 'Ocean',
      },
      { id: 'q5', name: 'Our API is rate-limited per account', type: 'Checkbox', correct: true },
      { id: 'q6', name: 'How confident did you feel?', type: 'Slider' },
      { id: 'q7', name: 'Rate this quiz', type: 'StarRating' },
      {
        id: 'q8',
        name: 'Favourite feature',
        type: 'Dropdown',
        options: ['Conditional logic', 'Payments', 'Scheduling', 'Quizzes'],
      },
      { id: 'q9', name: 'What surprised you?', type: 'LongAnswer' },
      // Not in the service's type list: new types appear over time and clients must keep them.
      {
        id: 'q10',
        name: 'Your reaction',
        type: 'EmojiReaction',
        options: ['😀', '🤔', '😴', '🎉'],
      },
    ],
    calculations: [{ id: 'qc1', name: 'Time taken', type: 'duration' }],
    quiz: { enabled: true },
    login: true,
  },
];

/** Submissions per demo form when no count is given: enough to page through, quick to build. */
export const DEMO_SUBMISSIONS_PER_FORM: Readonly<Record<string, number>> = {
  cFb7q2LxWm: 420,
  evR3gN8tYu: 260,
  pQz5kM1sJe: 180,
};
