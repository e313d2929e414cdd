import { NIK_QUESTION } from '@psb/contracts/parent';
import type { QuestionKind } from '@psb/contracts/survey';
import type { ComponentType } from 'react';
import { ChoiceField } from './fields/ChoiceField';
import { DateField } from './fields/DateField';
import { MultiField } from './fields/MultiField';
import { NikField } from './fields/NikField';
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
  // The NIK is a text answer whose structure is checked as the parent types (a warning, never a block).
  const Field = props.q.no === NIK_QUESTION ? NikField : FIELD_BY_KIND[props.q.kind];
  return <Field {...props} />;
}
