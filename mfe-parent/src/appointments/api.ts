import { endpoint } from '@psb/api-client/http';
import {
  type AppointmentKind,
  appointmentBookResponseSchema,
  messageResponseSchema,
  parentAppointmentsResponseSchema,
} from '@psb/contracts/tests';
import { queryOptions } from '@tanstack/react-query';

/** The registrant's interview and observation bookings and the slots still open to book. */

export const appointmentKeys = { of: (registrantId: number) => ['appointments', registrantId] as const };

const appointments = endpoint(parentAppointmentsResponseSchema);
const booking = endpoint(appointmentBookResponseSchema);
const message = endpoint(messageResponseSchema);

export const appointmentsQuery = (registrantId: number) =>
  queryOptions({
    queryKey: appointmentKeys.of(registrantId),
    queryFn: () => appointments.get(`registrant/appointment/${registrantId}`).then((r) => r.data),
  });

export const bookSlot = (registrantId: number, slotId: number) =>
  booking.post(`registrant/appointment/${registrantId}`, { json: { appointment_slot_id: slotId } });

export const moveToSlot = (registrantId: number, slotId: number) =>
  booking.put(`registrant/appointment/${registrantId}`, { json: { appointment_slot_id: slotId } });

export const cancelBooking = (registrantId: number, kind: AppointmentKind) =>
  message.delete(`registrant/appointment/${registrantId}/${kind}`);
