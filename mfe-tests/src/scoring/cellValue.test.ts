import { parseCell, parsePaste } from './cellValue';

const range = { min_score: 0, max_score: 10 };

describe('score cells', () => {
  it('reads decimals with a comma or a dot, clears on empty, refuses text, range and three decimals', () => {
    expect(parseCell('7,5', range)).toEqual({ score: 7.5 });
    expect(parseCell(' 7.25 ', range)).toEqual({ score: 7.25 });
    expect(parseCell('', range)).toEqual({ score: null });
    expect(parseCell('tujuh', range)).toEqual({ error: 'Nilai harus berupa angka.' });
    expect(parseCell('11', range)).toEqual({ error: 'Nilai harus antara 0 dan 10.' });
    expect(parseCell('1,234', range)).toEqual({ error: 'Nilai paling banyak dua angka di belakang koma.' });
  });

  it('splits a pasted spreadsheet block into rows and columns', () => {
    expect(parsePaste('60\r\n70\r\n85\r\n')).toEqual([['60'], ['70'], ['85']]);
    expect(parsePaste('1\t2\n3\t4')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });
});
