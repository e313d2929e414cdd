import {
  CONFIG_ENTRIES,
  CONFIG_VALUE_SCHEMAS,
  type ConfigName,
  type ConfigValue,
  DEFAULT_THEME,
} from '@psb/contracts';

/** What a config shows before staff ever saved it. */
export const CONFIG_DEFAULTS: { [N in ConfigName]: ConfigValue<N> } = {
  faq: [],
  contact: {},
  guide: [],
  announcement: '',
  welcome: { description: '', image: '' },
  banner_home: { active: false, text: '' },
  message: '',
  theme: DEFAULT_THEME,
  admin_fee: { amount: 0 },
  registration_steps: {
    register: { title: '', intro: '', steps: [] },
    payment: { title: '', intro: '', steps: [] },
    biodata: { title: '', intro: '', steps: [] },
  },
  interview_announcement: { title: '', body: '', schedule: [] },
  interview_guide: { title: '', intro: '', sections: [], closing: '' },
  test_overview: '',
  graduation_overview: '',
  status_message: '',
};

const parseJson = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** List items keep their ids; items without one get the next free ids, in order (stable for equal input). */
export function withItemIds<T extends { id?: number }>(items: T[]): (T & { id: number })[] {
  let next = Math.max(0, ...items.map((i) => i.id ?? 0));
  const seen = new Set<number>();
  return items.map((item) => {
    const id = item.id !== undefined && !seen.has(item.id) ? item.id : ++next;
    seen.add(id);
    return { ...item, id };
  });
}

/**
 * The value of a named config from its rows, read leniently: whatever was stored by hand or by an older
 * version and no longer fits is dropped (list items one by one) rather than breaking the editor.
 */
export function decodeConfig<N extends ConfigName>(
  name: N,
  rows: ReadonlyMap<string, string>,
): ConfigValue<N> {
  const entry = CONFIG_ENTRIES[name];
  const schema = CONFIG_VALUE_SCHEMAS[name];
  let raw: unknown;
  if (typeof entry.rows === 'string') {
    const text = rows.get(entry.rows);
    raw = text === undefined ? undefined : typeof CONFIG_DEFAULTS[name] === 'string' ? text : parseJson(text);
  } else {
    const fields = Object.entries(entry.rows).filter(([, row]) => rows.has(row));
    raw = fields.length
      ? Object.fromEntries(fields.map(([field, row]) => [field, rows.get(row)]))
      : undefined;
    if (raw) raw = { ...(CONFIG_DEFAULTS[name] as object), ...(raw as object) };
  }
  if (raw === undefined) return CONFIG_DEFAULTS[name];
  const whole = schema.safeParse(raw);
  if (whole.success) return listWithIds(whole.data) as ConfigValue<N>;
  if (Array.isArray(raw) && 'element' in schema) {
    const items = raw.flatMap((i) => {
      const one = schema.element.safeParse(i);
      return one.success ? [one.data] : [];
    });
    return listWithIds(items) as ConfigValue<N>;
  }
  return CONFIG_DEFAULTS[name];
}

const listWithIds = (v: unknown) => (Array.isArray(v) ? withItemIds(v as { id?: number }[]) : v);

/** The configs rows that hold a value. */
export function encodeConfig<N extends ConfigName>(name: N, value: ConfigValue<N>): Map<string, string> {
  const entry = CONFIG_ENTRIES[name];
  if (typeof entry.rows === 'string')
    return new Map([[entry.rows, typeof value === 'string' ? value : JSON.stringify(listWithIds(value))]]);
  const obj = value as Record<string, unknown>;
  return new Map(Object.entries(entry.rows).map(([field, row]) => [row, String(obj[field] ?? '')]));
}
