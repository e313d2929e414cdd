import { maskName, registrantTimeline, type TimelineInput } from './timeline';

const fresh: TimelineInput = {
  missing_count: 12,
  is_submit: false,
  is_verified: false,
  is_test: false,
  is_accepted: null,
};
const states = (r: TimelineInput) => registrantTimeline(r).steps.map((s) => `${s.key}:${s.state}`);

describe('registrantTimeline', () => {
  it('a new registrant is at the form, with the missing count as the next thing to do', () => {
    const t = registrantTimeline(fresh);
    expect(states(fresh)).toEqual([
      'form:current',
      'submitted:upcoming',
      'verified:upcoming',
      'test:upcoming',
      'result:upcoming',
      'payment:upcoming',
    ]);
    expect(t.next).toEqual({
      text: 'Lengkapi formulir: masih ada 12 isian wajib yang belum diisi.',
      action: 'fill',
    });
  });

  it('a complete form asks for Submit; a submitted one waits for verification', () => {
    const complete = { ...fresh, missing_count: 0 };
    expect(states(complete).slice(0, 2)).toEqual(['form:done', 'submitted:current']);
    expect(registrantTimeline(complete).next.action).toBe('submit');
    const submitted = { ...complete, is_submit: true };
    expect(states(submitted).slice(0, 3)).toEqual(['form:done', 'submitted:done', 'verified:current']);
    expect(registrantTimeline(submitted).next).toEqual({
      text: 'Data sudah dikirim. Tunggu verifikasi dari sekolah.',
      action: null,
    });
    // The form-fee bill that comes with the submission is named as what to do meanwhile.
    expect(registrantTimeline({ ...submitted, unpaid_bills: 1 }).next.text).toBe(
      'Data sudah dikirim. Ada tagihan yang belum lunas: tekan Detail, lalu bayar di bagian Pembayaran. Verifikasi dari sekolah menyusul.',
    );
  });

  it('a later step done marks the earlier ones done too', () => {
    const verified = { ...fresh, missing_count: 3, is_verified: true };
    expect(states(verified).slice(0, 4)).toEqual([
      'form:done',
      'submitted:done',
      'verified:done',
      'test:current',
    ]);
  });

  it('a published result leaves payment as the current step', () => {
    const accepted = { ...fresh, missing_count: 0, is_submit: true, is_verified: true, is_accepted: true };
    expect(states(accepted).slice(-2)).toEqual(['result:done', 'payment:current']);
    expect(registrantTimeline(accepted).next.text).toContain('diterima');
    expect(registrantTimeline({ ...accepted, is_accepted: false }).next.text).toContain('belum diterima');
  });

  it('a child not accepted has no payment step and nothing current; a reserve child waits at the result', () => {
    const decided = { ...fresh, missing_count: 0, is_submit: true, is_verified: true, is_test: true };
    const rejected = { ...decided, is_accepted: false, status: 'rejected' };
    expect(states(rejected)).toEqual([
      'form:done',
      'submitted:done',
      'verified:done',
      'test:done',
      'result:done',
    ]);
    const reserve = { ...decided, is_accepted: null, status: 'reserve' };
    expect(states(reserve).slice(-2)).toEqual(['result:current', 'payment:upcoming']);
    expect(registrantTimeline(reserve).next.text).toContain('cadangan');
  });

  it('an unpaid bill is the next step while the school decides, and after acceptance', () => {
    const verified = { ...fresh, missing_count: 0, is_submit: true, is_verified: true };
    expect(registrantTimeline(verified).next.text).toBe(
      'Data sudah diverifikasi. Tunggu jadwal tes dari sekolah.',
    );
    expect(registrantTimeline({ ...verified, unpaid_bills: 1 }).next.text).toBe(
      'Data sudah diverifikasi. Ada tagihan yang belum lunas: tekan Detail, lalu bayar di bagian Pembayaran. Jadwal tes menyusul dari sekolah.',
    );
    const accepted = { ...verified, is_test: true, is_accepted: true };
    expect(registrantTimeline({ ...accepted, unpaid_bills: 2 }).next.text).toBe(
      'Calon murid diterima. Ada tagihan yang belum lunas: tekan Detail, lalu bayar di bagian Pembayaran.',
    );
    expect(registrantTimeline(accepted).next.text).not.toContain('akan disampaikan');
  });

  it('re-registration completes the payment step', () => {
    const done = {
      ...fresh,
      missing_count: 0,
      is_submit: true,
      is_verified: true,
      is_accepted: true,
      status: 're_registered',
    };
    expect(states(done).slice(-2)).toEqual(['result:done', 'payment:done']);
    expect(registrantTimeline(done).next.text).toContain('Daftar ulang sudah selesai');
  });
});

describe('maskName', () => {
  it('keeps two letters of each word', () => {
    expect(maskName('Ahmad Fauzi')).toBe('Ah*** Fa***');
    expect(maskName('  Raden  Ajeng Kartika ')).toBe('Ra*** Aj*** Ka***');
    expect(maskName('A')).toBe('A***');
  });
});
