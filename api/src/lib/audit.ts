/** The audit log, shared by the resource engine and the hand-written modules (one format for both). */
export { type AuditEntry, writeAudit } from '../engine/audit';
