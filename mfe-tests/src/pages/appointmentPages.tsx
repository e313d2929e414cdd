import { type ComponentType, lazy } from 'react';

/** The appointment screen (slots parents book, the day's schedule), its own chunk. */
export const appointmentPages: Record<string, ComponentType> = {
  '/admin/appointments': lazy(() =>
    import('./AppointmentsPage').then((m) => ({ default: m.AppointmentsPage })),
  ),
};
