import type { SessionSubjects } from '@psb/contracts/tests';
import { blankRow, initialRows, rowProblems, sameRows, toBody } from './subjectRows';

const data = (chosen: boolean, scored: number[]): SessionSubjects => ({
  session: { id: 1, name: 'Sesi 1', test_name: 'Tes', test_date: '2027-01-16', school_period_name: 'P' },
  chosen,
  subjects: [
    { mst_subject_id: 1, name: 'Matematika', min_score: 0, max_score: 100, scored: scored[0] ?? 0 },
    { mst_subject_id: 2, name: 'Wawancara', min_score: 0, max_score: 10, scored: scored[1] ?? 0 },
  ],
  choices: [
    { id: 1, name: 'Matematika' },
    { id: 2, name: 'Wawancara' },
  ],
});

describe('session subject rows', () => {
  it('start from the chosen subjects, or with none chosen only from those already scored', () => {
    expect(initialRows(data(true, [])).map((r) => r.mst_subject_id)).toEqual([1, 2]);
    expect(initialRows(data(false, [0, 3])).map((r) => [r.mst_subject_id, r.scored])).toEqual([[2, 3]]);
    expect(initialRows(data(false, []))).toEqual([]);
  });

  it('name each problem by field, as the server does', () => {
    const rows = [
      { ...blankRow(), mst_subject_id: 1, min_score: 10, max_score: 10 },
      { ...blankRow(), mst_subject_id: 1, min_score: -1, max_score: 10.125 },
      { ...blankRow(), min_score: '' as const, max_score: 10000 },
      { ...blankRow(), mst_subject_id: 2, min_score: 0, max_score: 7.5 },
    ];
    expect(rowProblems(rows)).toEqual([
      { max_score: 'Nilai maksimum harus lebih besar dari nilai minimum.' },
      {
        mst_subject_id: 'Mata pelajaran yang sama dipilih lebih dari sekali.',
        min_score: 'Nilai minimum tidak boleh kurang dari 0.',
        max_score: 'Paling banyak dua angka di belakang koma.',
      },
      {
        mst_subject_id: 'Pilih mata pelajaran.',
        min_score: 'Nilai harus berupa angka.',
        max_score: 'Nilai maksimum paling besar 9999,99.',
      },
      {},
    ]);
  });

  it('compare by what would be saved and send the rows in order', () => {
    const a = initialRows(data(true, []));
    const b = initialRows(data(true, [5]));
    expect(sameRows(a, b)).toBe(true);
    expect(sameRows(a, [...a].reverse())).toBe(false);
    expect(toBody([...a].reverse())).toEqual({
      subjects: [
        { mst_subject_id: 2, min_score: 0, max_score: 10 },
        { mst_subject_id: 1, min_score: 0, max_score: 100 },
      ],
    });
  });
});
