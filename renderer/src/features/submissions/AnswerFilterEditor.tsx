import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { type AnswerFilter } from '../../../../electron/shared/contract/submissions';
import { endOfLocalDay, OP_LABELS, opsForType, startOfLocalDay, type FilterOp } from './filterOps';

/** A column a filter can apply to: its cache key, its name and its type. */
export interface FilterableField {
  key: string;
  name: string;
  type: string;
  /** The answers a choice question offers, when known: picked from a list, not typed. */
  options?: string[];
}

interface Props {
  fields: FilterableField[];
  initialKey: string | null;
  onAdd(filter: AnswerFilter): void;
}

/** Builds one per-question filter: field, then an operation its type allows, then the value. */
export function AnswerFilterEditor({ fields, initialKey, onAdd }: Props) {
  const [key, setKey] = useState<string | null>(initialKey ?? fields[0]?.key ?? null);
  const field = fields.find((f) => f.key === key);
  const ops = field ? opsForType(field.type) : [];
  const options = field?.options && field.options.length > 0 ? field.options : null;
  const [chosenOp, setOp] = useState<FilterOp | null>(null);
  const op = chosenOp && ops.includes(chosenOp) ? chosenOp : (ops[0] ?? null);
  const [text, setText] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [min, setMin] = useState<number | string>('');
  const [max, setMax] = useState<number | string>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const filter = ((): AnswerFilter | null => {
    if (!key || !op) return null;
    switch (op) {
      case 'contains':
        return text.trim() ? { key, op, text: text.trim() } : null;
      case 'choiceIs':
      case 'choiceIsNot': {
        // A value picked for another question is not one of this one's.
        const value = options ? (options.includes(text) ? text : '') : text.trim();
        return value ? { key, op, value } : null;
      }
      case 'choiceAnyOf': {
        const picked = options ? values.filter((v) => options.includes(v)) : values;
        return picked.length > 0 ? { key, op, values: picked } : null;
      }
      case 'numberRange': {
        const low = typeof min === 'number' ? min : undefined;
        const high = typeof max === 'number' ? max : undefined;
        return low === undefined && high === undefined
          ? null
          : {
              key,
              op,
              ...(low !== undefined ? { min: low } : {}),
              ...(high !== undefined ? { max: high } : {}),
            };
      }
      case 'dateRange': {
        const start = from ? startOfLocalDay(from) : null;
        const end = to ? endOfLocalDay(to) : null;
        return !start && !end
          ? null
          : { key, op, ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
      }
      case 'isEmpty':
      case 'isNotEmpty':
        return { key, op };
    }
  })();

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (filter) onAdd(filter);
      }}
    >
      <Select
        label="Field"
        data={fields.map((f) => ({ value: f.key, label: f.name }))}
        value={key}
        onChange={setKey}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label="Condition"
        data={ops.map((o) => ({ value: o, label: OP_LABELS[o] }))}
        value={op}
        onChange={(value) => setOp(value as FilterOp | null)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      {(op === 'choiceIs' || op === 'choiceIsNot') && options && (
        <Select
          label="Value"
          placeholder="Choose an answer"
          data={options}
          value={options.includes(text) ? text : null}
          onChange={(value) => setText(value ?? '')}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
      )}
      {op === 'choiceAnyOf' &&
        (options ? (
          <MultiSelect
            label="Values"
            placeholder={values.length === 0 ? 'Choose answers' : undefined}
            data={options}
            value={values.filter((v) => options.includes(v))}
            onChange={setValues}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
        ) : (
          <TagsInput
            label="Values"
            description="Press Enter after each"
            value={values}
            onChange={setValues}
            comboboxProps={{ withinPortal: false }}
          />
        ))}
      {(op === 'contains' || ((op === 'choiceIs' || op === 'choiceIsNot') && !options)) && (
        <TextInput
          label={op === 'contains' ? 'Text' : 'Value'}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      )}
      {op === 'numberRange' && (
        <Group grow>
          <NumberInput label="At least" value={min} onChange={setMin} />
          <NumberInput label="At most" value={max} onChange={setMax} />
        </Group>
      )}
      {op === 'dateRange' && (
        <Group grow>
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </Group>
      )}
      <Group justify="flex-end">
        <Button type="submit" size="xs" disabled={!filter}>
          Add filter
        </Button>
      </Group>
    </Stack>
  );
}
