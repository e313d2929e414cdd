import { flagsOf, type RegistrantStatus, VOUCHER_ALPHABET, VOUCHER_LENGTH } from '@psb/contracts';
import type { PoolClient } from '../pool';
import { bulkInsert, nextIds } from './bulk';
import type { Frame, Place } from './frame';
import { answersOf, type Person, personMaker } from './people';
import { reachedBefore, STATUS_SHARE, type Step, stepsTo } from './plan';
import type { Random } from './random';

/** The parents' accounts of a generated season use this mail domain (how a second run recognises one). */
export const SEASON_MAIL_DOMAIN = 'keluarga.contoh.id';

export interface SeasonRegistrant {
  id: number;
  userId: number;
  place: Place;
  status: RegistrantStatus;
  created: Date;
  steps: Step[];
  person: Person;
}

const DAY = 86_400_000;
/** The share of registrants drawn as the younger sibling of an earlier one (kept when at another school). */
const FAMILY_SHARE = 0.1;
const ageAtEntry = (level: string) => (level === 'SMP' ? 12 : level === 'SMA' ? 15 : level === 'TK' ? 4 : 6);
const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/**
 * Parents, vouchers and registrants of the season with their state histories. Registrants are numbered in
 * the order they registered, continuing the tenant's counters.
 */
export async function insertRegistrants(
  client: PoolClient,
  f: Frame,
  count: number,
  rnd: Random,
  now: Date,
): Promise<SeasonRegistrant[]> {
  const person = personMaker(rnd);
  const quotaWeights = Object.fromEntries(f.places.map((p, i) => [String(i), Math.max(1, p.quota)]));
  const planned = Array.from({ length: count }, () => {
    const place = f.places[Number(rnd.weighted(quotaWeights))]!;
    const status = rnd.weighted(STATUS_SHARE);
    const opened = Math.max(
      new Date(`${place.periodStart}T00:00:00+07:00`).getTime(),
      now.getTime() - 75 * DAY,
    );
    const span = Math.max(now.getTime() - 2 * DAY - opened, DAY);
    const created = new Date(opened + rnd.next() * span);
    return { place, status, created, steps: stepsTo(status, created, now, rnd) };
  }).sort((a, b) => a.created.getTime() - b.created.getTime());

  const [userIds, tokenIds, ids] = [
    await nextIds(client, 'users', count),
    await nextIds(client, 'mst_tokens', count),
    await nextIds(client, 'registrants', count),
  ];
  const counters = new Map<string, number>();
  const { rows } = await client.query<{ prefix: string; last_value: number }>(
    'SELECT prefix, last_value FROM registration_counters WHERE tenant_id = $1',
    [f.tenantId],
  );
  for (const r of rows) counters.set(r.prefix, r.last_value);

  const users: unknown[][] = [];
  const tokens: unknown[][] = [];
  const registrants: unknown[][] = [];
  const history: unknown[][] = [];
  const codes = new Set<string>();
  const phones = new Map<number, string>();
  const made: SeasonRegistrant[] = [];
  for (const [i, p] of planned.entries()) {
    const id = ids[i]!;
    const born = person(f.year.startYear - ageAtEntry(p.place.level) - (rnd.chance(0.3) ? 1 : 0));
    // Some families already have a child at another of the foundation's schools: the same account, parents
    // and address, so the two are each other's siblings on their records.
    const elder = made.length > 0 && rnd.chance(FAMILY_SHARE) ? rnd.pick(made) : undefined;
    const family = elder && elder.place.schoolId !== p.place.schoolId ? elder : undefined;
    const userId = family?.userId ?? userIds[i]!;
    const who: Person = family
      ? {
          ...born,
          father: family.person.father,
          mother: family.person.mother,
          parentName: family.person.parentName,
          address: family.person.address,
        }
      : born;
    const phone = phones.get(userId) ?? `0857${String(10_000_000 + i).slice(-8)}`;
    phones.set(userId, phone);
    const email = `${slug(who.parentName.split(' ')[1] ?? 'ortu')}.${slug(who.name.split(' ').pop()!)}${i + 1}@${SEASON_MAIL_DOMAIN}`;
    if (!family)
      users.push([
        f.tenantId,
        userId,
        who.parentName,
        email,
        phone,
        '$argon2id$season-no-login',
        f.parentRoleId,
        p.created,
        p.created,
      ]);

    let code: string;
    do code = Array.from({ length: VOUCHER_LENGTH }, () => rnd.pick([...VOUCHER_ALPHABET])).join('');
    while (codes.has(code));
    codes.add(code);
    tokens.push([
      f.tenantId,
      tokenIds[i]!,
      code,
      f.year.id,
      'Voucher loket pendaftaran',
      userId,
      p.created,
      userId,
      p.created,
    ]);

    const prefix = `PSB-${f.year.startYear}-${p.place.level.toUpperCase().replace(/[^A-Z0-9]/g, '') || 'X'}`;
    const seq = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, seq);
    const withdrawn = p.status === 'withdrawn';
    const flags = flagsOf(withdrawn ? reachedBefore(p.steps) : p.status)!;
    const last = p.steps[p.steps.length - 1];
    const submitted = p.steps.find((s) => s.to === 'submitted')?.at ?? null;
    const completed = p.steps.find((s) => s.to === 'form_complete' || s.to === 'submitted')?.at ?? null;
    const complete = p.status !== 'draft' && !(withdrawn && reachedBefore(p.steps) === 'draft');
    registrants.push([
      f.tenantId,
      id,
      userId,
      p.place.schoolId,
      p.place.periodId,
      p.place.classId,
      f.year.id,
      tokenIds[i]!,
      `${prefix}-${String(seq).padStart(5, '0')}`,
      who.name,
      JSON.stringify(answersOf(who, complete, phone)),
      flags.is_submit,
      flags.is_verified,
      flags.is_test ?? true,
      flags.is_accepted === undefined ? null : flags.is_accepted,
      flags.locked,
      completed,
      submitted,
      p.created,
      last?.at ?? p.created,
      p.status,
      last?.at ?? null,
      rnd.chance(0.12),
      withdrawn ? last!.at : null,
      withdrawn ? last!.reason : null,
      withdrawn ? last!.at : null,
    ]);
    for (const s of p.steps)
      history.push([f.tenantId, id, s.action, s.from, s.to, s.reason, s.byStaff ? f.staffId : userId, s.at]);
    made.push({
      id,
      userId,
      place: p.place,
      status: p.status,
      created: p.created,
      steps: p.steps,
      person: who,
    });
  }

  await bulkInsert(
    client,
    'users',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['name', 'text'],
      ['email', 'text'],
      ['phone_number', 'text'],
      ['password_hash', 'text'],
      ['role_id', 'int'],
      ['created_at', 'timestamptz'],
      ['email_verified_at', 'timestamptz'],
    ],
    users,
  );
  // The voucher points at its registrant, and the registrant at its voucher: the voucher first, then its link.
  await bulkInsert(
    client,
    'mst_tokens',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['token', 'text'],
      ['school_year_id', 'int'],
      ['note', 'text'],
      ['owner_user_id', 'int'],
      ['used_at', 'timestamptz'],
      ['used_by_user_id', 'int'],
      ['created_at', 'timestamptz'],
    ],
    tokens,
  );
  await bulkInsert(
    client,
    'registrants',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['user_id', 'int'],
      ['school_id', 'int'],
      ['school_period_id', 'int'],
      ['mst_class_id', 'int'],
      ['school_year_id', 'int'],
      ['token_id', 'int'],
      ['registration_number', 'text'],
      ['name', 'text'],
      ['question_answer', 'jsonb'],
      ['is_submit', 'bool'],
      ['is_verified', 'bool'],
      ['is_test', 'bool'],
      ['is_accepted', 'bool'],
      ['locked', 'bool'],
      ['survey_completed_at', 'timestamptz'],
      ['submitted_at', 'timestamptz'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
      ['status', 'text'],
      ['status_changed_at', 'timestamptz'],
      ['is_internal', 'bool'],
      ['withdrawn_at', 'timestamptz'],
      ['withdraw_reason', 'text'],
      ['deleted_at', 'timestamptz'],
    ],
    registrants,
  );
  await client.query(
    `UPDATE mst_tokens t SET registrant_id = r.id FROM registrants r
     WHERE t.tenant_id = $1 AND r.tenant_id = $1 AND r.token_id = t.id AND t.id = ANY($2::int[])`,
    [f.tenantId, tokenIds],
  );
  await bulkInsert(
    client,
    'registrant_status_history',
    [
      ['tenant_id', 'int'],
      ['registrant_id', 'int'],
      ['action', 'text'],
      ['from_status', 'text'],
      ['to_status', 'text'],
      ['reason', 'text'],
      ['user_id', 'int'],
      ['created_at', 'timestamptz'],
    ],
    history,
  );
  await client.query(
    `INSERT INTO registration_counters (tenant_id, prefix, last_value)
     SELECT $1, unnest($2::text[]), unnest($3::int[])
     ON CONFLICT (tenant_id, prefix) DO UPDATE SET last_value = GREATEST(registration_counters.last_value, EXCLUDED.last_value)`,
    [f.tenantId, [...counters.keys()], [...counters.values()]],
  );
  return made;
}
