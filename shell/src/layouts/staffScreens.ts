/**
 * The resource engine's screens (@psb/resource-ui) must be the shell's build of them: they render Mantine
 * and mantine-datatable, which are not federation-shared, so only the shell's copy sees the shell's
 * MantineProvider. A federation build provides a shared package only if it imports it, hence this import;
 * remotes take @psb/resource-ui from the host (no copy of their own, see shared/build). Fetched ahead when
 * the visitor reaches for the staff menu, never on the public first load.
 */
export const loadStaffScreens = () => import('@psb/resource-ui');

/** The staff charts (dashboard, reports), provided to the remotes the same way. */
export const loadStaffCharts = () => import('@psb/resource-ui/charts');
