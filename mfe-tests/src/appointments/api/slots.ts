import { endpoint } from '@psb/api-client/http';
import {
  type AppointmentSlotCreate,
  appointmentDayResponseSchema,
  appointmentSlotListResponseSchema,
  appointmentSlotResponseSchema,
  messageResponseSchema,
} from '@psb/contracts/tests';
import { queryOptions } from '@tanstack/react-query';

/** The appointment screens' calls: a day's schedule, a period's slots, publishing and removing a slot. */

export const slotKeys = {
  all: ['appointment-slots'] as const,
  day: (date: string) => ['appointment-slots', 'day', date] as const,
  period: (periodId: number) => ['appointment-slots', 'period', periodId] as const,
};

const day = endpoint(appointmentDayResponseSchema);
const list = endpoint(appointmentSlotListResponseSchema);
const created = endpoint(appointmentSlotResponseSchema);
const message = endpoint(messageResponseSchema);

export const dayQuery = (date: string) =>
  queryOptions({
    queryKey: slotKeys.day(date),
    queryFn: () => day.get('appointment_slots/day', { searchParams: { date } }).then((r) => r.data),
  });

export const periodSlotsQuery = (periodId: number) =>
  queryOptions({
    queryKey: slotKeys.period(periodId),
    queryFn: () =>
      list.get('appointment_slots', { searchParams: { school_period_id: periodId } }).then((r) => r.data),
  });

export const publishSlot = (body: AppointmentSlotCreate) => created.post('appointment_slots', { json: body });

export const removeSlot = (id: number) => message.delete(`appointment_slots/${id}`);
