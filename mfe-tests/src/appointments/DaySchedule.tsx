import { errorMessage } from '@psb/api-client/http';
import { APPOINTMENT_KIND_LABELS, type AppointmentDaySlot } from '@psb/contracts/tests';
import { Link } from '@psb/router';
import {
  Anchor,
  Card,
  EmptyState,
  formatTimeRange,
  Group,
  PageError,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { dayQuery } from './api/slots';

const placeOf = (s: AppointmentDaySlot) => s.room_name ?? 'Daring (tautan video)';

/** Slots of one place grouped by who interviews, in time order (the list already is). */
function byInterviewer(slots: AppointmentDaySlot[]) {
  const groups = new Map<string, AppointmentDaySlot[]>();
  for (const s of slots) groups.set(s.interviewer, [...(groups.get(s.interviewer) ?? []), s]);
  return [...groups];
}

function byPlace(slots: AppointmentDaySlot[]) {
  const groups = new Map<string, AppointmentDaySlot[]>();
  for (const s of slots) groups.set(placeOf(s), [...(groups.get(placeOf(s)) ?? []), s]);
  return [...groups];
}

/**
 * One day's interviews and observations, per room (or video call) and interviewer: each slot with its places
 * and the registrants booked into it, each linked to the registrant's record where the interview is scored.
 */
export function DaySchedule({ date }: { date: string }) {
  const q = useQuery(dayQuery(date));
  if (q.isPending) return <Skeleton height={120} />;
  if (q.isError)
    return (
      <PageError
        title="Jadwal hari ini gagal dimuat"
        message={errorMessage(q.error)}
        onRetry={() => void q.refetch()}
      />
    );
  if (q.data.length === 0)
    return (
      <EmptyState
        title="Tidak ada jadwal"
        description="Belum ada slot wawancara atau observasi pada tanggal ini."
      />
    );
  return (
    <Stack gap="md" data-testid="day-schedule">
      {byPlace(q.data).map(([place, slots]) => (
        <Card withBorder padding="md" key={place}>
          <Title order={3} size="h5" mb="xs">
            {place}
          </Title>
          <Stack gap="sm">
            {byInterviewer(slots).map(([interviewer, own]) => (
              <Stack gap={4} key={interviewer}>
                <Text fw={600} size="sm">
                  {interviewer}
                </Text>
                <Table withTableBorder striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Jam (WIB)</Table.Th>
                      <Table.Th scope="col">Jenis</Table.Th>
                      <Table.Th scope="col">Terisi</Table.Th>
                      <Table.Th scope="col">Calon murid</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {own.map((s) => (
                      <Table.Tr key={s.id} data-testid="day-slot">
                        <Table.Td>{formatTimeRange(s.start_time, s.end_time)}</Table.Td>
                        <Table.Td>
                          {APPOINTMENT_KIND_LABELS[s.kind]}
                          <Text size="xs" c="gray.7">
                            {s.school_name}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={s.booked >= s.capacity ? 700 : 400}>
                            {s.booked}/{s.capacity}
                            {s.booked >= s.capacity ? ' (penuh)' : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {s.bookings.length === 0 ? (
                            <Text size="sm" c="gray.7">
                              Belum ada
                            </Text>
                          ) : (
                            <Stack gap={2}>
                              {s.bookings.map((b) => (
                                <Group gap={6} key={b.registrant_id}>
                                  <Anchor
                                    component={Link}
                                    to={`/admin/registrant/detail?id=${b.registrant_id}`}
                                    size="sm"
                                  >
                                    {b.registration_number}
                                  </Anchor>
                                  <Text size="sm">{b.name ?? '(nama belum diisi)'}</Text>
                                  {b.score_session_id && (
                                    <Anchor
                                      component={Link}
                                      to={`/admin/score_test/detail?id=${b.score_session_id}`}
                                      size="sm"
                                    >
                                      Penilaian
                                    </Anchor>
                                  )}
                                </Group>
                              ))}
                            </Stack>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
