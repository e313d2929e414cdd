/** States in which a registrant takes part in tests (submitted, not yet given a result). */
export const SEATABLE_STATUSES = ['submitted', 'verified', 'scheduled', 'tested'] as const;

export interface PlacedSeat {
  registrant_id: number;
  registrant_test_id: number;
  mst_test_id: number;
  mst_test_detail_id: number;
  moved_from: number | null;
}
export interface SkippedSeat {
  registrant_id: number;
  mst_test_id: number | null;
  reason: string;
}
export interface SeatOutcome {
  placed: PlacedSeat[];
  skipped: SkippedSeat[];
}
