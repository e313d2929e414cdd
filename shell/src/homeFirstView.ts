// Entry of its own (home.html only): draws the parent's home frame before the app's scripts have arrived.
import { showHomeFirstView } from './boot/homeFirstView';

void showHomeFirstView();
