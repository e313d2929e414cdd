// Entry of its own (admin/dashboard.html only): draws the staff dashboard's frame before the app's scripts have arrived.
import { showDashboardFirstView } from './boot/dashboardFirstView';

void showDashboardFirstView();
