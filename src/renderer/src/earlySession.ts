// Second entry of the web build (vite.web.config.ts): for a page signed in on the web or in a
// host, index.html's inline script imports it and calls `startEarlySession`, so the handshake
// leaves while the boot chunk is still loading (services/earlySession.ts says how the app adopts
// it). Its graph, less what the boot chunk shares, is this entry's one chunk, which the app's own
// chunks import too (the API client): importing it starts nothing, only the call does.
export { startEarlySession } from './services/earlySession';
