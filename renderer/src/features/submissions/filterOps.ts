import { type AnswerFilter } from '../../../../electron/shared/contract/submissions';

export type FilterOp = AnswerFilter['op'];

const NUMBER_TYPES = new Set([
  'NumberInput',
  'CurrencyInput',
  'Slider',
  'OpinionScale',
  'StarRating',
  'Calculation',
]);
const DATE_TYPES = new Set(['DatePicker', 'DateTimePicker']);
const CHOICE_TYPES = new Set([
  'MultipleChoice',
  'Dropdown',
  'Checkboxes',
  'MultiSelect',
  'ImagePicker',
  'Ranking',
  'Checkbox',
  'Switch',
]);

export const OP_LABELS: Record<FilterOp, string> = {
  contains: 'contains',
  numberRange: 'is between',
  dateRange: 'is between dates',
  choiceIs: 'is',
  choiceIsNot: 'is not',
  choiceAnyOf: 'is any of',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
};

/** The filters that make sense for a question type, the most useful first. */
export function opsForType(type: string): FilterOp[] {
  if (NUMBER_TYPES.has(type)) return ['numberRange', 'contains', 'isEmpty', 'isNotEmpty'];
  if (DATE_TYPES.has(type)) return ['dateRange', 'isEmpty', 'isNotEmpty'];
  if (CHOICE_TYPES.has(type))
    return ['choiceIs', 'choiceIsNot', 'choiceAnyOf', 'contains', 'isEmpty', 'isNotEmpty'];
  return ['contains', 'isEmpty', 'isNotEmpty'];
}

/** A filter as a short sentence for its chip: "Rating is between 3 and 5", "Rating is 5 stars". */
export function describeFilter(filter: AnswerFilter, fieldName: string, type?: string): string {
  switch (filter.op) {
    case 'contains':
      return `${fieldName} contains “${filter.text}”`;
    case 'choiceIs':
      return `${fieldName} is “${filter.value}”`;
    case 'choiceIsNot':
      return `${fieldName} is not “${filter.value}”`;
    case 'choiceAnyOf':
      return `${fieldName} is any of ${filter.values.map((v) => `“${v}”`).join(', ')}`;
    case 'numberRange':
      if (filter.min !== undefined && filter.min === filter.max)
        return type === 'StarRating'
          ? `${fieldName} is ${filter.min} ${filter.min === 1 ? 'star' : 'stars'}`
          : `${fieldName} is ${filter.min}`;
      if (filter.min !== undefined && filter.max !== undefined)
        return `${fieldName} is between ${filter.min} and ${filter.max}`;
      if (filter.min !== undefined) return `${fieldName} ≥ ${filter.min}`;
      return `${fieldName} ≤ ${filter.max ?? '∞'}`;
    case 'dateRange':
      if (filter.from && filter.to)
        return `${fieldName} from ${filter.from.slice(0, 10)} to ${filter.to.slice(0, 10)}`;
      if (filter.from) return `${fieldName} from ${filter.from.slice(0, 10)}`;
      return `${fieldName} until ${filter.to?.slice(0, 10) ?? '…'}`;
    case 'isEmpty':
      return `${fieldName} is empty`;
    case 'isNotEmpty':
      return `${fieldName} is not empty`;
  }
}

/** The start of a calendar day in the viewer's zone, as the ISO instant the cache compares. */
export function startOfLocalDay(day: string): string | null {
  const time = new Date(`${day}T00:00:00`);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** The end of a calendar day in the viewer's zone (the next day's start), so "before" includes it. */
export function endOfLocalDay(day: string): string | null {
  const time = new Date(`${day}T00:00:00`);
  if (Number.isNaN(time.getTime())) return null;
  time.setDate(time.getDate() + 1);
  return time.toISOString();
}
