import { type Answers, SEX, sampleAnswers } from '@psb/contracts';
import { regionIndex } from '../../modules/public';
import type { Random } from './random';

/** Indonesian given names and family names, mixed the way a class list in West Java reads. */
const BOYS = [
  'Muhammad',
  'Ahmad',
  'Rizky',
  'Fajar',
  'Dimas',
  'Bima',
  'Arya',
  'Raka',
  'Naufal',
  'Daffa',
  'Rafi',
  'Alif',
  'Farhan',
  'Hafiz',
  'Kevin',
  'Yosua',
  'Gabriel',
  'Christian',
  'Made',
  'Wayan',
  'Galih',
  'Aditya',
  'Reza',
  'Ilham',
  'Satria',
  'Zidan',
  'Akbar',
  'Rangga',
  'Yusuf',
  'Bagas',
] as const;
const GIRLS = [
  'Siti',
  'Aisyah',
  'Nabila',
  'Putri',
  'Salsabila',
  'Zahra',
  'Alya',
  'Kirana',
  'Nadia',
  'Citra',
  'Dewi',
  'Ayu',
  'Anisa',
  'Keisha',
  'Naura',
  'Intan',
  'Maria',
  'Angelina',
  'Grace',
  'Kadek',
  'Laras',
  'Sekar',
  'Rahma',
  'Fitri',
  'Amelia',
  'Cahaya',
  'Shafa',
  'Tiara',
  'Aurel',
  'Vania',
] as const;
const MIDDLE = [
  'Putra',
  'Putri',
  'Nur',
  'Dwi',
  'Tri',
  'Eka',
  'Indah',
  'Sri',
  'Adi',
  'Wahyu',
  'Dian',
  '',
] as const;
const FAMILY = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Pratama',
  'Hidayat',
  'Nugroho',
  'Kurniawan',
  'Setiawan',
  'Gunawan',
  'Permana',
  'Ramadhan',
  'Siregar',
  'Nasution',
  'Simanjuntak',
  'Sitompul',
  'Hutapea',
  'Tanjung',
  'Lubis',
  'Firmansyah',
  'Suryadi',
  'Sulistyo',
  'Wibowo',
  'Hakim',
  'Maulana',
  'Purnama',
  'Halim',
  'Tanoto',
  'Sutanto',
  'Suherman',
  'Sopandi',
  'Rukmana',
  'Sumarna',
  'Mulyadi',
  'Hermawan',
  'Iskandar',
] as const;
const FATHERS = [
  'Budi',
  'Agus',
  'Hendra',
  'Dedi',
  'Asep',
  'Iwan',
  'Yudi',
  'Eko',
  'Rudi',
  'Joko',
  'Andi',
  'Bambang',
] as const;
const MOTHERS = [
  'Sri',
  'Yuni',
  'Rina',
  'Dewi',
  'Lina',
  'Euis',
  'Neneng',
  'Wati',
  'Ratna',
  'Maya',
  'Tuti',
  'Lilis',
] as const;
const STREETS = [
  'Jl. Merdeka',
  'Jl. Sudirman',
  'Jl. Diponegoro',
  'Jl. Ahmad Yani',
  'Jl. Cihampelas',
  'Jl. Setiabudi',
  'Jl. Pasirkaliki',
  'Jl. Gatot Subroto',
  'Jl. Kopo',
  'Jl. Soekarno-Hatta',
  'Gg. Melati',
  'Jl. Mawar',
  'Komp. Griya Asri',
  'Perum Bumi Indah',
  'Jl. Raya Cibiru',
] as const;
const RELIGION = { Islam: 78, 'Kristen Protestan': 9, Katolik: 6, Buddha: 3, Hindu: 3, 'Kong Hu Chu': 1 };

/** Most families live near the schools (Bandung and around), some further away. */
const HOME = [
  ['Jawa Barat', 'Kota Bandung', 40],
  ['Jawa Barat', 'Kabupaten Bandung', 18],
  ['Jawa Barat', 'Kabupaten Bandung Barat', 8],
  ['Jawa Barat', 'Kota Cimahi', 8],
  ['Jawa Barat', 'Kabupaten Sumedang', 5],
  ['Jawa Barat', 'Kabupaten Garut', 4],
  ['DKI Jakarta', 'Kota Administrasi Jakarta Selatan', 5],
  ['Banten', 'Kota Tangerang Selatan', 4],
  ['Jawa Tengah', 'Kota Semarang', 4],
  ['Jawa Timur', 'Kota Surabaya', 4],
] as const;

export interface Address {
  street: string;
  provinsi: string;
  kabupaten: string;
  kecamatan: string;
  kelurahan: string;
  kodePos: string;
}

/** A real village with its postal code, from the region data the form's own address pickers use. */
export function addressPicker(rnd: Random) {
  const ix = regionIndex();
  const homes = HOME.flatMap(([p, k, w]) => {
    const regency = ix.byName.get(p.toLowerCase())?.regencies.find((r) => r.name === k);
    return regency ? [{ province: p, regency, w }] : [];
  });
  if (homes.length === 0) throw new Error('Data wilayah tidak memuat kota yang diharapkan.');
  const weights = Object.fromEntries(homes.map((h, i) => [String(i), h.w]));
  return (): Address => {
    const home = homes[Number(rnd.weighted(weights))]!;
    const district = rnd.pick(home.regency.districts);
    const village = rnd.pick(district.villages);
    const codes = district.postal.get(village.name.trim().toLowerCase().replace(/\s+/g, ' ')) ?? [];
    return {
      street: `${rnd.pick(STREETS)} No. ${rnd.int(1, 180)}${rnd.chance(0.3) ? `, RT ${rnd.int(1, 12)}/RW ${rnd.int(1, 9)}` : ''}`,
      provinsi: home.province,
      kabupaten: home.regency.name,
      kecamatan: district.name,
      kelurahan: village.name,
      kodePos: codes[0]?.kodepos ?? '',
    };
  };
}

export interface Person {
  name: string;
  nickname: string;
  male: boolean;
  birthDate: string;
  father: string;
  mother: string;
  /** The parent who made the account. */
  parentName: string;
  religion: string;
  address: Address;
}

export function personMaker(rnd: Random) {
  const address = addressPicker(rnd);
  return (birthYear: number): Person => {
    const male = rnd.chance(0.5);
    const first = rnd.pick(male ? BOYS : GIRLS);
    const middle = rnd.pick(MIDDLE);
    const family = rnd.pick(FAMILY);
    const father = `${rnd.pick(FATHERS)} ${family}`;
    const mother = `${rnd.pick(MOTHERS)} ${rnd.pick(FAMILY)}`;
    const month = rnd.int(1, 12);
    return {
      name: [first, middle, family].filter(Boolean).join(' '),
      nickname: first,
      male,
      birthDate: `${birthYear}-${String(month).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      father,
      mother,
      parentName: rnd.chance(0.6) ? `Ibu ${mother}` : `Bapak ${father}`,
      religion: rnd.weighted(RELIGION),
      address: address(),
    };
  };
}

const TEMPLATE = sampleAnswers();
/** Answers a draft has before the parent got past the first page. */
const DRAFT_KEYS = ['1', '2', '3', '4', '5', '6'];

/** The registrant form's answers for a person: complete, or only the first page while still a draft. */
export function answersOf(p: Person, complete: boolean, phone: string): Answers {
  const a = p.address;
  const place = (region: number, street: number) => ({
    [street]: a.street,
    [region]: a.provinsi,
    [region + 1]: a.kabupaten,
    [region + 2]: a.kecamatan,
    [region + 3]: a.kelurahan,
    [region + 4]: a.kodePos,
  });
  const all: Answers = {
    ...TEMPLATE,
    '1': p.name,
    '2': p.nickname,
    '3': 'Indonesia',
    '4': p.birthDate,
    '5': p.male ? SEX[0] : SEX[1],
    '6': p.religion,
    '78': a.provinsi,
    '79': a.kabupaten,
    '22': p.father,
    '32': p.mother,
    '28': `+62${phone.slice(1)}`,
    '38': `+62${phone.slice(1)}`,
    ...place(57, 10),
    ...place(63, 26),
    ...place(68, 36),
  };
  if (complete) return all;
  return Object.fromEntries(DRAFT_KEYS.map((k) => [k, all[k]]));
}
