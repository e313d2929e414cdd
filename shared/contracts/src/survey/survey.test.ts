import { copyChildAddress, hasChildAddress } from './address';
import { fromIsoDate, maskPhone, toIsoDate } from './format';
import { QUESTION_BY_NO, QUESTIONS, SURVEY } from './questions';
import {
  cascadeDependents,
  isRequired,
  missingRequired,
  SURVEY_MSG,
  setAnswer,
  validateAnswers,
} from './rules';

describe('question table', () => {
  const numbered = [
    ...[1, 2, 3, 78, 79, 4, 5, 6, 7, 8, 9, 10, 57, 58, 59, 60, 61, 19, 20, 21],
    ...[11, 12, 13, 14, 52, 53, 15, 16, 17, 18],
    ...[22, 23, 80, 81, 24, 25, 26, 63, 64, 65, 66, 67, 27, 28, 29, 30, 31],
    ...[32, 33, 82, 83, 34, 35, 36, 68, 69, 70, 71, 72, 37, 38, 39, 40, 41],
  ];

  it('has every numbered question of the spec, each once', () => {
    for (const no of numbered) expect(QUESTION_BY_NO.get(no)).toBeDefined();
    const all = QUESTIONS.map((q) => q.no);
    expect(new Set(all).size).toBe(all.length);
  });

  it('has the tabs of the spec, candidate on pages 0 to 2, guardian optional', () => {
    expect(SURVEY.map((t) => t.title)).toEqual(['Identitas Calon', 'Ayah', 'Ibu', 'Wali']);
    expect(SURVEY[0]?.pages).toHaveLength(3);
    expect(SURVEY[3]?.optional).toBe(true);
    expect(SURVEY[3]?.pages[0]?.questions.some((q) => q.required === true)).toBe(false);
  });

  it('carries the rules of the spec', () => {
    const q = (no: number) => QUESTION_BY_NO.get(no)!;
    expect(q(2)).toMatchObject({ required: true, maxLength: 14 });
    expect(q(4)).toMatchObject({ kind: 'date', required: true });
    expect(q(5).options).toEqual(['Laki-Laki', 'Perempuan']);
    expect(q(6)).toMatchObject({ allowOther: true, required: true });
    expect(q(7).options).toEqual(['A', 'B', 'AB', 'O']);
    expect(q(8).kind).toBe('phone');
    expect(q(20)).toMatchObject({ kind: 'multi', allowOther: true, required: { no: 19, equals: 'Ya' } });
    expect(q(21).required).toEqual({ no: 19, equals: 'Ya' });
    expect(q(13).options).toEqual(['KB', 'TK', 'SD', 'SMP', 'SMA']);
    expect(q(31).options).toHaveLength(7);
    expect(q(61).region).toEqual({ level: 'kode_pos', parents: [57, 58, 59, 60] });
    expect(q(72).region).toEqual({ level: 'kode_pos', parents: [68, 69, 70, 71] });
    for (const no of [57, 58, 59, 60, 61, 52, 53, 15, 17]) expect(q(no).required).toBe(true);
    // A parent's answers: required unless that parent is marked absent.
    expect(q(22).required).toEqual({ no: 101, notIn: ['Sudah Meninggal', 'Tidak Ada'] });
    expect(q(32).required).toEqual({ no: 102, notIn: ['Sudah Meninggal', 'Tidak Ada'] });
  });
});

describe('conditional rules', () => {
  it('needs 20 and 21 only when 19 is Ya', () => {
    const q20 = QUESTION_BY_NO.get(20)!;
    expect(isRequired(q20, { '19': 'Tidak' })).toBe(false);
    expect(isRequired(q20, { '19': 'Ya' })).toBe(true);
    expect(missingRequired({ '19': 'Ya' }).map((q) => q.no)).toEqual(expect.arrayContaining([20, 21]));
    expect(missingRequired({ '19': 'Tidak' }).map((q) => q.no)).not.toContain(20);
  });

  it("does not need a parent's answers once that parent is marked absent, and only that parent's", () => {
    const missing = (answers: Record<string, string>) => missingRequired(answers).map((q) => q.no);
    const father = [22, 23, 24, 25, 26, 63, 64, 65, 66, 67, 28, 29, 30, 31];
    const mother = [32, 33, 34, 35, 36, 68, 69, 70, 71, 72, 38, 39, 40, 41];
    // Unmarked or present: all fourteen of each parent are needed, as before.
    expect(missing({})).toEqual(expect.arrayContaining([...father, ...mother]));
    expect(missing({ '101': 'Ada' })).toEqual(expect.arrayContaining(father));
    for (const absent of ['Sudah Meninggal', 'Tidak Ada']) {
      const left = missing({ '101': absent });
      for (const no of father) expect(left).not.toContain(no);
      expect(left).toEqual(expect.arrayContaining(mother));
    }
    const single = missing({ '102': 'Tidak Ada' });
    for (const no of mother) expect(single).not.toContain(no);
    expect(single).toEqual(expect.arrayContaining(father));
    // The presence answer itself is never required, and only its options are accepted.
    expect(missing({})).not.toContain(101);
    expect(validateAnswers({ '101': 'Cerai' })).toEqual({ '101': SURVEY_MSG.option });
    expect(validateAnswers({ '101': 'Sudah Meninggal', '102': 'Ada' })).toEqual({});
  });

  it("needs the guardian's answers when neither parent is there, and only then", () => {
    const missing = (answers: Record<string, string>) => missingRequired(answers).map((q) => q.no);
    const guardian = [84, 85, 88, 89, 90, 97, 98, 99, 100];
    const gone = ['Sudah Meninggal', 'Tidak Ada'];
    for (const father of ['', 'Ada', ...gone])
      for (const mother of ['', 'Ada', ...gone]) {
        const left = missing({ '101': father, '102': mother });
        const orphan = gone.includes(father) && gone.includes(mother);
        for (const no of guardian) expect(left.includes(no)).toBe(orphan);
      }
  });

  it('does not ask for the birth province outside Indonesia', () => {
    const q78 = QUESTION_BY_NO.get(78)!;
    expect(q78.showWhen).toEqual({ no: 3, equals: 'Indonesia' });
  });
});

describe('answer validation', () => {
  it('rejects a badge name of 15 characters with a message', () => {
    expect(validateAnswers({ '2': 'A'.repeat(15) })).toEqual({ '2': SURVEY_MSG.maxLength(14) });
    expect(validateAnswers({ '2': 'A'.repeat(14) })).toEqual({});
  });

  it('accepts "or other" free text only where the spec allows it', () => {
    expect(validateAnswers({ '6': 'Kepercayaan' })).toEqual({});
    expect(validateAnswers({ '7': 'C' })).toEqual({ '7': SURVEY_MSG.option });
    expect(validateAnswers({ '20': ['Motorik', 'Disleksia'] })).toEqual({});
  });

  it('checks phones, dates, numbers, tables and unknown questions', () => {
    expect(validateAnswers({ '9': '081234' })).toEqual({ '9': SURVEY_MSG.phone });
    expect(validateAnswers({ '9': '+6281234567890' })).toEqual({});
    expect(validateAnswers({ '4': '2015-02-30' })).toEqual({ '4': SURVEY_MSG.date });
    expect(validateAnswers({ '4': '2015-02-28' })).toEqual({});
    expect(validateAnswers({ '52': 0 })).toHaveProperty('52');
    expect(validateAnswers({ '16': [{ name: 'Rina', school: 'SD', class: '3' }] })).toEqual({});
    expect(validateAnswers({ '16': [{ name: '', school: '', class: '' }] })).toHaveProperty('16');
    expect(validateAnswers({ '999': 'x' })).toEqual({ '999': SURVEY_MSG.unknown });
  });
});

describe('phone mask', () => {
  it.each([
    ['081234567890', '+6281234567890'],
    ['+62 812-3456-7890', '+6281234567890'],
    ['6281234567890', '+6281234567890'],
    ['8123456789012345', '+62812345678901'],
    ['', ''],
  ])('%p → %p', (input, masked) => expect(maskPhone(input)).toBe(masked));
});

describe('date conversion', () => {
  it('shows dd/mm/yyyy and sends yyyy-mm-dd', () => {
    expect(toIsoDate('21/11/2026')).toBe('2026-11-21');
    expect(fromIsoDate('2026-11-21')).toBe('21/11/2026');
    expect(toIsoDate('31/02/2026')).toBeNull();
    expect(toIsoDate('2026-11-21')).toBeNull();
  });
});

describe('address cascade reset', () => {
  const full = {
    '10': 'Jl. Merdeka 1',
    '57': 'Jawa Barat',
    '58': 'Kota Bandung',
    '59': 'Coblong',
    '60': 'Dago',
    '61': '40135',
  };

  it('clears only the levels below a changed level', () => {
    const next = setAnswer(full, 58, 'Kabupaten Bandung');
    expect(next).toEqual({ '10': 'Jl. Merdeka 1', '57': 'Jawa Barat', '58': 'Kabupaten Bandung' });
    expect(cascadeDependents(57)).toEqual([58, 59, 60, 61]);
  });

  it('keeps everything when the value does not change', () => {
    expect(setAnswer(full, 57, 'Jawa Barat')).toEqual(full);
  });
});

describe('copyChildAddress', () => {
  it("copies the child's street line and every region level onto the father and the mother", () => {
    const answers = {
      '10': 'Jl. Dago 10',
      '57': 'Jawa Barat',
      '58': 'Kota Bandung',
      '59': 'Coblong',
      '60': 'Dago',
      '61': '40135',
      '26': 'alamat lama ayah',
      '66': 'Sukajadi',
    };
    const patch = copyChildAddress(answers, ['ayah', 'ibu']);
    expect(patch).toEqual({
      '26': 'Jl. Dago 10',
      '63': 'Jawa Barat',
      '64': 'Kota Bandung',
      '65': 'Coblong',
      '66': 'Dago',
      '67': '40135',
      '36': 'Jl. Dago 10',
      '68': 'Jawa Barat',
      '69': 'Kota Bandung',
      '70': 'Coblong',
      '71': 'Dago',
      '72': '40135',
    });
    expect(hasChildAddress(answers)).toBe(true);
    expect(hasChildAddress({})).toBe(false);
    // A level the child left empty is emptied on the parent too (no stale kelurahan under a new kecamatan).
    expect(copyChildAddress({ '10': 'Jl. A', '57': 'Bali' }, ['ayah'])['66']).toBe('');
  });
});
