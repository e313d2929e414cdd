import {
  BLOOD_TYPES,
  COUNTRIES,
  EDUCATION,
  INCOME_BRACKETS,
  OCCUPATIONS,
  PARENT_ABSENT,
  PARENT_PRESENCE,
  PREVIOUS_SCHOOL_LEVELS,
  RELIGIONS,
  SEX,
  SPECIAL_NEEDS,
  YA_TIDAK,
} from './options';
import type { Question, RegionLevel, SurveyTab } from './types';

const req = true;
const LEVELS: readonly RegionLevel[] = ['provinsi', 'kabupaten', 'kecamatan', 'kelurahan', 'kode_pos'];
const LEVEL_LABELS: Record<RegionLevel, string> = {
  provinsi: 'Provinsi',
  kabupaten: 'Kabupaten/Kota',
  kecamatan: 'Kecamatan',
  kelurahan: 'Kelurahan/Desa',
  kode_pos: 'Kode Pos',
};

/** Five cascading address questions numbered `first`…`first + 4` (province → postal code). */
function addressCascade(first: number, required: Question['required']): Question[] {
  return LEVELS.map((level, i) => ({
    no: first + i,
    label: LEVEL_LABELS[level],
    kind: 'region',
    required,
    region: { level, parents: Array.from({ length: i }, (_, p) => first + p) },
  }));
}

/** Birth province and city, asked only when the birth country is Indonesia. */
function birthPlace(countryNo: number, provinceNo: number, cityNo: number): Question[] {
  const showWhen = { no: countryNo, equals: 'Indonesia' };
  return [
    {
      no: provinceNo,
      label: 'Provinsi Kelahiran',
      kind: 'region',
      showWhen,
      region: { level: 'provinsi', parents: [] },
    },
    {
      no: cityNo,
      label: 'Kota/Kabupaten Kelahiran',
      kind: 'region',
      showWhen,
      region: { level: 'kabupaten', parents: [provinceNo] },
    },
  ];
}

const SIBLING_COLUMNS = [
  { key: 'name', label: 'Nama' },
  { key: 'school', label: 'Sekolah' },
  { key: 'class', label: 'Kelas' },
] as const;

/** Question numbers of one parent tab; father and mother share the shape with their own numbers. */
interface ParentNumbers {
  /** Whether this parent is there (father and mother only; the guardian's tab is optional as a whole). */
  presence?: number;
  name: number;
  country: number;
  birthProvince: number;
  birthCity: number;
  birthDate: number;
  religion: number;
  address: number;
  region: number;
  phone: number;
  mobile: number;
  education: number;
  occupation: number;
  income: number;
}

function parentQuestions(who: string, n: ParentNumbers, needed: Question['required']): Question[] {
  // Each answer of a parent is required unless the parent is marked absent (no one to ask about).
  const required: Question['required'] =
    needed === true && n.presence ? { no: n.presence, notIn: PARENT_ABSENT } : needed;
  const presence: Question[] = n.presence
    ? [
        {
          no: n.presence,
          label: `Keberadaan ${who}`,
          kind: 'choice',
          options: PARENT_PRESENCE,
          hint: `Pilih Sudah Meninggal atau Tidak Ada (misalnya orang tua tunggal) bila ${who.toLowerCase()} tidak ada; isian lain di halaman ini menjadi tidak wajib.`,
        },
      ]
    : [];
  return [
    ...presence,
    { no: n.name, label: `Nama ${who}`, kind: 'text', required, maxLength: 100 },
    {
      no: n.country,
      label: 'Negara Kelahiran',
      kind: 'choice',
      options: COUNTRIES,
      allowOther: true,
      required,
    },
    ...birthPlace(n.country, n.birthProvince, n.birthCity),
    { no: n.birthDate, label: 'Tanggal Lahir', kind: 'date', required },
    { no: n.religion, label: 'Agama', kind: 'choice', options: RELIGIONS, allowOther: true, required },
    { no: n.address, label: 'Alamat', kind: 'textarea', required, maxLength: 300 },
    ...addressCascade(n.region, required),
    { no: n.phone, label: 'No. Telepon Rumah', kind: 'phone' },
    { no: n.mobile, label: 'No. HP', kind: 'phone', required },
    {
      no: n.education,
      label: 'Pendidikan Terakhir',
      kind: 'choice',
      options: EDUCATION,
      allowOther: true,
      required,
    },
    {
      no: n.occupation,
      label: 'Pekerjaan',
      kind: 'choice',
      options: OCCUPATIONS,
      allowOther: true,
      required,
    },
    {
      no: n.income,
      label: 'Penghasilan per Bulan',
      kind: 'choice',
      options: INCOME_BRACKETS,
      required,
      sensitive: true,
    },
  ];
}

const FATHER = {
  presence: 101,
  name: 22,
  country: 23,
  birthProvince: 80,
  birthCity: 81,
  birthDate: 24,
  religion: 25,
  address: 26,
  region: 63,
  phone: 27,
  mobile: 28,
  education: 29,
  occupation: 30,
  income: 31,
} satisfies ParentNumbers;
const MOTHER = {
  presence: 102,
  name: 32,
  country: 33,
  birthProvince: 82,
  birthCity: 83,
  birthDate: 34,
  religion: 35,
  address: 36,
  region: 68,
  phone: 37,
  mobile: 38,
  education: 39,
  occupation: 40,
  income: 41,
} satisfies ParentNumbers;
/**
 * The spec does not number the guardian's questions; these follow the last numbered one (83), and the
 * parents' presence questions follow them (101, 102).
 */
const GUARDIAN: ParentNumbers = {
  name: 84,
  country: 85,
  birthProvince: 86,
  birthCity: 87,
  birthDate: 88,
  religion: 89,
  address: 90,
  region: 91,
  phone: 96,
  mobile: 97,
  education: 98,
  occupation: 99,
  income: 100,
};
/**
 * A child with neither parent there (both passed away or not in the picture) has someone who cares for them:
 * the guardian's answers are then required, as a parent's would be. Otherwise the guardian's tab may stay empty.
 */
const GUARDIAN_NEEDED: Question['required'] = {
  allOf: [
    { no: FATHER.presence, in: PARENT_ABSENT },
    { no: MOTHER.presence, in: PARENT_ABSENT },
  ],
};

/**
 * The registrant form, declared once: the parent form renders it and the server validates
 * every saved answer and the final submit against it.
 */
export const SURVEY: readonly SurveyTab[] = [
  {
    key: 'calon',
    title: 'Identitas Calon',
    pages: [
      {
        key: 'pribadi',
        title: 'Data Pribadi',
        questions: [
          { no: 1, label: 'Nama Lengkap', kind: 'text', required: req, maxLength: 100 },
          {
            no: 103,
            label: 'NIK (Nomor Induk Kependudukan)',
            kind: 'text',
            maxLength: 16,
            sensitive: true,
            placeholder: '16 digit, sesuai Kartu Keluarga',
            hint: 'Boleh dikosongkan bila belum ada.',
          },
          {
            no: 2,
            label: 'Nama Panggilan (untuk name tag)',
            kind: 'text',
            required: req,
            maxLength: 14,
            hint: 'Maksimal 14 karakter.',
          },
          {
            no: 3,
            label: 'Negara Kelahiran',
            kind: 'choice',
            options: COUNTRIES,
            allowOther: true,
            required: req,
          },
          ...birthPlace(3, 78, 79),
          { no: 4, label: 'Tanggal Lahir', kind: 'date', required: req },
          { no: 5, label: 'Jenis Kelamin', kind: 'choice', options: SEX, required: req },
          { no: 6, label: 'Agama', kind: 'choice', options: RELIGIONS, allowOther: true, required: req },
          {
            no: 7,
            label: 'Golongan Darah',
            kind: 'choice',
            options: BLOOD_TYPES,
            required: req,
            sensitive: true,
          },
          { no: 8, label: 'No. Telepon', kind: 'phone', required: req },
          { no: 9, label: 'No. HP', kind: 'phone', required: req },
          { no: 10, label: 'Alamat', kind: 'textarea', required: req, maxLength: 300 },
          ...addressCascade(57, true),
          {
            no: 19,
            label: 'Berkebutuhan Khusus',
            kind: 'choice',
            options: YA_TIDAK,
            required: req,
            sensitive: true,
          },
          {
            no: 20,
            label: 'Jenis Kebutuhan Khusus',
            kind: 'multi',
            options: SPECIAL_NEEDS,
            allowOther: true,
            required: { no: 19, equals: 'Ya' },
            showWhen: { no: 19, equals: 'Ya' },
            sensitive: true,
          },
          {
            no: 21,
            label: 'Penanganan Sebelumnya',
            kind: 'textarea',
            required: { no: 19, equals: 'Ya' },
            showWhen: { no: 19, equals: 'Ya' },
            maxLength: 500,
            sensitive: true,
          },
        ],
      },
      {
        key: 'pendidikan',
        title: 'Pendidikan Sebelumnya',
        questions: [
          { no: 11, label: 'Nama Sekolah Sebelumnya', kind: 'text', maxLength: 150 },
          { no: 12, label: 'Kota Sekolah Sebelumnya', kind: 'text', maxLength: 100 },
          { no: 13, label: 'Jenjang Terakhir', kind: 'choice', options: PREVIOUS_SCHOOL_LEVELS },
          { no: 14, label: 'Kelas Terakhir', kind: 'text', maxLength: 20 },
        ],
      },
      {
        key: 'saudara',
        title: 'Saudara',
        questions: [
          { no: 52, label: 'Anak ke-', kind: 'number', required: req, min: 1, max: 20 },
          { no: 53, label: 'Jumlah Saudara Kandung', kind: 'number', required: req, min: 0, max: 20 },
          {
            no: 15,
            label: 'Memiliki saudara di yayasan ini',
            kind: 'choice',
            options: YA_TIDAK,
            required: req,
          },
          {
            no: 16,
            label: 'Saudara di yayasan ini',
            kind: 'table',
            columns: SIBLING_COLUMNS,
            required: { no: 15, equals: 'Ya' },
            showWhen: { no: 15, equals: 'Ya' },
          },
          {
            no: 17,
            label: 'Mendaftarkan anak lain bersamaan',
            kind: 'choice',
            options: YA_TIDAK,
            required: req,
          },
          {
            no: 18,
            label: 'Anak lain yang didaftarkan bersamaan',
            kind: 'table',
            columns: SIBLING_COLUMNS,
            required: { no: 17, equals: 'Ya' },
            showWhen: { no: 17, equals: 'Ya' },
          },
        ],
      },
    ],
  },
  {
    key: 'ayah',
    title: 'Ayah',
    pages: [{ key: 'ayah', title: 'Data Ayah', questions: parentQuestions('Ayah', FATHER, true) }],
  },
  {
    key: 'ibu',
    title: 'Ibu',
    pages: [{ key: 'ibu', title: 'Data Ibu', questions: parentQuestions('Ibu', MOTHER, true) }],
  },
  {
    key: 'wali',
    title: 'Wali',
    optional: true,
    pages: [
      { key: 'wali', title: 'Data Wali', questions: parentQuestions('Wali', GUARDIAN, GUARDIAN_NEEDED) },
    ],
  },
];

export const SURVEY_PAGES = SURVEY.flatMap((tab) => tab.pages.map((page) => ({ tab: tab.key, ...page })));
export const QUESTIONS: readonly Question[] = SURVEY_PAGES.flatMap((p) => p.questions);
export const QUESTION_BY_NO: ReadonlyMap<number, Question> = new Map(QUESTIONS.map((q) => [q.no, q]));

/** Numbers of the questions whose answers only staff with the Data Sensitif module see. */
export const SENSITIVE_QUESTION_NOS: readonly number[] = QUESTIONS.filter((q) => q.sensitive).map(
  (q) => q.no,
);
