// Second entry of the web build (vite.web.config.ts): index.html's inline script imports it for a
// page signed in on the web, so the handshake leaves while the boot chunk is still loading
// (services/earlySession.ts says how the app adopts it).
import { startupPage } from './lib/startupPage';
import { startEarlySession } from './services/earlySession';

startupPage().earlySessionStart = startEarlySession(window);
