import type { QuestionKind } from '@psb/contracts/survey';
import type { ComponentType } from 'react';
import { ChoiceField } from './fields/ChoiceField';
import { DateField } from './fields/DateField';
import { MultiField } from './fields/MultiField';
import { NumberField } from './fields/NumberField';
import { PhoneField } from './fields/PhoneField';
import { RegionField } from './fields/RegionField';
import { TableField } from './fields/TableField';
import { TextField } from './fields/TextField';
import type { FieldProps } from './fields/types';

/** One input component per question kind; the form never has JSX for a particular question. */
export const FIELD_BY_KIND: Record<QuestionKind, ComponentType<FieldProps>> = {
  text: TextField,
  textarea: TextField,
  number: NumberField,
  date: DateField,
  phone: PhoneField,
  choice: ChoiceField,
  multi: MultiField,
  region: RegionField,
  table: TableField,
};

export function QuestionField(props: FieldProps) {
  const Field = FIELD_BY_KIND[props.q.kind];
  return <Field {...props} />;
}
