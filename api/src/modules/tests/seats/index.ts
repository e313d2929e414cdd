/**
 * Seats in test sessions, shared by the test-assignment module and the registrant submit (generate_schedule).
 *
 * Every change of seats holds the rows of the sessions it touches locked (`FOR UPDATE`, always in id order,
 * so two assignments never wait on each other crosswise), counts free seats under that lock — the smaller of
 * the session's quota and its room's capacity, less `used_quota` — and moves `used_quota` together with the
 * registrant_tests rows in the same transaction. The CHECK `used_quota <= quota` and the unique live seat per
 * registrant and test type are the database's last word.
 */

export { type PlacedSeat, SEATABLE_STATUSES, type SeatOutcome, type SkippedSeat } from './outcome';
export { type AutoPlacement, placeAuto, placeRegistrantAuto, scheduledTests } from './place-auto';
export { type ManualPlacement, placeManual } from './place-manual';
export { releaseSeat } from './release-seat';
export { queueScheduleMessages } from './schedule-messages';
