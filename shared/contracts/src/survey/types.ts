/** How a question is answered; the form picks an input per kind and the server checks the value's shape. */
export type QuestionKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'date'
  | 'phone'
  | 'choice' // one of `options` (radio or select), free text too when `allowOther`
  | 'multi' // several of `options` (checkboxes), free text too when `allowOther`
  | 'region' // one level of the address cascade, answered with the region's name
  | 'table'; // rows of `columns`

export type RegionLevel = 'provinsi' | 'kabupaten' | 'kecamatan' | 'kelurahan' | 'kode_pos';

/**
 * A rule on other answers: one answer is the given value, one of (`in`) or none of (`notIn`) the given values,
 * or (`allOf`) every rule listed holds.
 */
export type Condition =
  | {
      /** The question whose answer decides. */
      no: number;
      equals: string;
    }
  | {
      no: number;
      /** Holds while the answer is one of these. */
      in: readonly string[];
    }
  | { allOf: readonly Condition[] }
  | {
      no: number;
      /** Holds while the answer is none of these, an empty answer included. */
      notIn: readonly string[];
    };

export interface Question {
  no: number;
  label: string;
  kind: QuestionKind;
  /**
   * Required always (`true`) or only when a condition holds (e.g. 20 and 21 when 19 is "Ya"; a parent's
   * answers unless that parent is marked absent).
   */
  required?: boolean | Condition;
  /** Shown only when the condition holds; a hidden question is never required. */
  showWhen?: Condition;
  options?: readonly string[];
  /** "or other": a value outside `options` is free text saved as the answer. */
  allowOther?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** For `region`: its level and the questions of the levels above it, top first. */
  region?: { level: RegionLevel; parents: readonly number[] };
  /** For `table`: the columns of each row. */
  columns?: readonly { key: string; label: string }[];
  placeholder?: string;
  hint?: string;
  /**
   * Health, special needs, income, identity numbers: staff see the answer only with the Data Sensitif
   * module, and each time they do it is written to the access log the parent's data download shows.
   */
  sensitive?: true;
}

export interface SurveyPage {
  key: string;
  title: string;
  questions: readonly Question[];
}

export interface SurveyTab {
  key: 'calon' | 'ayah' | 'ibu' | 'wali' | 'tambahan';
  title: string;
  optional?: boolean;
  pages: readonly SurveyPage[];
}

/** question number (as a string key, as the api stores it) → answer */
export type Answers = Record<string, unknown>;
