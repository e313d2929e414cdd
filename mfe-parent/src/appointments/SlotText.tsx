import type { AppointmentSlot } from '@psb/contracts/tests';
import { formatDate, formatTimeRange, Text } from '@psb/ui';

/** When, where and with whom a slot takes place. */
export function SlotText({ s }: { s: AppointmentSlot }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {formatDate(s.slot_date)}, pukul {formatTimeRange(s.start_time, s.end_time)}
      </Text>
      <Text size="sm">
        {[s.room_name && `Ruangan ${s.room_name}`, s.video_link && 'Daring (tautan video)']
          .filter(Boolean)
          .join(' · ')}
        {' · '}
        {s.interviewer}
      </Text>
    </>
  );
}
