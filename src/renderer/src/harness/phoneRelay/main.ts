/** Entry of phone.html, the harness phone's relay on the phone's own origin (relay.ts). */
import { startRelay } from './relay';

startRelay();
