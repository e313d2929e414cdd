/** Messages of the account rules, shared by the modules that sign people in or change their contacts. */
export const AUTH_MESSAGES = {
  badCredentials: 'Email/No. HP atau kata sandi salah.',
  notAdmin: 'Akun ini tidak memiliki akses admin.',
  staffUseAdmin: 'Akun staf silakan masuk melalui halaman admin.',
  loggedIn: 'Berhasil masuk.',
  registered: 'Pendaftaran berhasil. Anda sudah masuk dengan akun baru Anda.',
  emailTaken: 'Email sudah terdaftar.',
  phoneTaken: 'No. HP sudah terdaftar.',
  forgotSent: 'Jika akun terdaftar, tautan atur ulang kata sandi telah dikirim.',
  badResetToken: 'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa.',
  badVerification: 'Tautan verifikasi tidak valid atau sudah kedaluwarsa.',
  verified: 'Email berhasil diverifikasi.',
  wrongOldPassword: 'Kata sandi lama salah.',
  passwordChanged: 'Kata sandi berhasil diubah.',
  passwordReset: 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.',
  loggedOut: 'Anda telah keluar.',
  profileSaved: 'Profil berhasil disimpan.',
} as const;

/** Messages of the master-data write rules, also enforced by the users module. */
export const HOOK_MESSAGES = {
  builtInRole: 'Peran bawaan (superadmin, teacher, user) tidak dapat diubah namanya atau dihapus.',
  superadminOnly: 'Hanya superadmin yang dapat mengelola akun atau peran superadmin.',
  deleteSelf: 'Anda tidak dapat menghapus akun Anda sendiri.',
  classOtherSchool: 'Kelas ini bukan kelas dari sekolah pada periode pendaftaran tersebut.',
  roomOtherSchool: 'Ruangan ini bukan ruangan dari sekolah pada periode pendaftaran tersebut.',
  quotaOverCapacity: (capacity: number) =>
    `Kuota tidak boleh melebihi kapasitas ruangan (${capacity} orang).`,
  quotaBelowSeats: (seats: number) =>
    `Kuota tidak boleh kurang dari peserta yang sudah terjadwal (${seats}).`,
} as const;
