import { loginRequestSchema, registerRequestSchema } from './auth';
import { MSG } from './validation';

const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('login rules', () => {
  it('accepts an e-mail or a digits-only phone', () => {
    expect(loginRequestSchema.safeParse({ username: 'ibu@contoh.id', password: 'rahasia' }).success).toBe(
      true,
    );
    expect(loginRequestSchema.safeParse({ username: '081234567890', password: 'rahasia' }).success).toBe(
      true,
    );
  });

  it('reads an identity in its one stored form: 62… and +62… as 08…, no invisible or fullwidth letters', () => {
    const read = (username: string) => loginRequestSchema.parse({ username, password: 'rahasia' }).username;
    expect(read('+6281234567890')).toBe('081234567890');
    expect(read('6281234567890')).toBe('081234567890');
    expect(read('ｉbu\u200b@contoh.id.')).toBe('ibu@contoh.id');
  });

  it.each(['', 'bukan email', '0812-3456-7890', '+0812345678', 'a@b'])('rejects username %p', (username) => {
    const r = loginRequestSchema.safeParse({ username, password: 'rahasia' });
    expect(fieldErrors(r).username).toBe(MSG.usernameInvalid);
  });

  it('needs a password of at least 6 characters', () => {
    const r = loginRequestSchema.safeParse({ username: 'ibu@contoh.id', password: '12345' });
    expect(fieldErrors(r).password).toBe('Kata sandi minimal 6 karakter.');
    expect(loginRequestSchema.safeParse({ username: 'ibu@contoh.id', password: '123456' }).success).toBe(
      true,
    );
  });

  it('defaults to the parent area and refuses unknown fields', () => {
    const ok = loginRequestSchema.parse({ username: 'ibu@contoh.id', password: '123456' });
    expect(ok.type).toBe('user');
    expect(
      loginRequestSchema.safeParse({ username: 'ibu@contoh.id', password: '123456', role: 'x' }).success,
    ).toBe(false);
  });
});

describe('register rules', () => {
  const valid = { name: 'Budi', email: 'budi@contoh.id', phone_number: '081234567890', password: 'rahasia' };

  it('accepts e-mail only, phone only, or both', () => {
    expect(registerRequestSchema.safeParse(valid).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, phone_number: '' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, email: '' }).success).toBe(true);
  });

  it('gives every message of the spec', () => {
    expect(fieldErrors(registerRequestSchema.safeParse({ ...valid, name: '  ' })).name).toBe(
      'Nama tidak boleh kosong.',
    );
    expect(fieldErrors(registerRequestSchema.safeParse({ ...valid, email: 'budi@' })).email).toBe(
      'Email tidak valid.',
    );
    expect(
      fieldErrors(registerRequestSchema.safeParse({ ...valid, phone_number: '08-12' })).phone_number,
    ).toBe('No. HP tidak valid.');
    expect(fieldErrors(registerRequestSchema.safeParse({ ...valid, password: 'abc' })).password).toBe(
      'Kata sandi minimal 6 karakter.',
    );
  });

  it('needs at least one of e-mail and phone', () => {
    const errors = fieldErrors(registerRequestSchema.safeParse({ ...valid, email: '', phone_number: '' }));
    expect(errors.email).toBe(MSG.contactRequired);
    expect(errors.phone_number).toBe(MSG.contactRequired);
  });

  it('trims the values it keeps', () => {
    expect(
      registerRequestSchema.parse({ ...valid, name: ' Budi ', email: ' budi@contoh.id ' }),
    ).toMatchObject({
      name: 'Budi',
      email: 'budi@contoh.id',
    });
  });
});
