export { formatRupiah } from '@psb/contracts/core';
export {
  AfterFirstCommit,
  FloatingAfterFirstCommit,
  useAfterFirstCommit,
} from './deferred/afterFirstCommit';
export { BillLinesTable } from './display/BillLinesTable';
export { LabeledValue } from './display/LabeledValue';
export { WHOLE_BADGE } from './display/wholeBadge';
export { saveBlob } from './download';
export { EmptyState, type EmptyStateProps } from './feedback/EmptyState';
export { LONG_OPERATION_TEXT, LongOperationOverlay } from './feedback/LongOperationOverlay';
export { longOperation, useLongOperationRunning } from './feedback/longOperation';
export { NoAccess } from './feedback/NoAccess';
export { PageError, type PageErrorProps } from './feedback/PageError';
export { PageLoader } from './feedback/PageLoader';
export { PasswordField } from './form/PasswordField';
export {
  DATE_INPUT_FORMAT,
  DAYS_ID,
  type DateInput,
  formatClock,
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeRange,
  formatToday,
  MONTHS_ID,
  parseDateId,
} from './format/date';
export * from './mantine';
export { Markdown, type MarkdownProps } from './markdown/Markdown';
export {
  AUTO_CLOSE_MS,
  clearPageMessages,
  NOTIFICATION_TITLES,
  type NotificationKind,
  type NotifyOptions,
  notify,
  SERVER_ERROR_MESSAGE,
  showServerError,
} from './notify/notify';
export { NOTIFICATION_OFFSET_PX, PsbNotifications } from './notify/PsbNotifications';
export { createPsbTheme } from './theme/createPsbTheme';
export { isHexColor, paletteFrom } from './theme/palette';
